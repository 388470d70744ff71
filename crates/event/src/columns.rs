//! Every tie-break column for every contestant, as the field's programs
//! print a standings table (Vega, Swiss-Manager, the FIDE reference print
//! points and every declared tie-break for every player; WBF and EBU result
//! lists print VPs with the figures the clauses compare).
//!
//! The values come from the rule crates; nothing is computed here that a
//! rule crate does not compute itself. This module holds the column type
//! and FIDE's columns (a TRF file is ranked outside the registry); each
//! procedure of the registry builds its own columns in its
//! `procedures/<name>.rs`, beside its options and rank function.

use std::collections::BTreeMap;

use countback_model::{ContestantId, Value};

use crate::display::Precision;
use crate::error::Result;

/// One column of a standings table: a tie-break (or another figure the
/// procedure compares) for every contestant.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Column {
    /// A stable key for programs (`modified_median`, `BH/C1`, `swiss_points`).
    pub key: String,
    /// The heading, as result lists print it (`Solkoff`, `BH/C1`).
    pub title: String,
    /// What it is, with its clause (`USCF 34E2 Solkoff`).
    pub description: String,
    /// Each contestant's value; a contestant without one (a FIDE rating
    /// tie-break with no rated opponent) is absent.
    pub values: BTreeMap<ContestantId, Value>,
    /// How it is displayed: the rule's rounding, or enough decimals.
    pub precision: Precision,
}

impl Column {
    pub(crate) fn new(key: &str, title: &str, description: &str, precision: Precision) -> Column {
        Column {
            key: key.to_owned(),
            title: title.to_owned(),
            description: description.to_owned(),
            values: BTreeMap::new(),
            precision,
        }
    }

    /// A column of one exact figure per contestant.
    pub(crate) fn of_scores(
        key: &str,
        title: &str,
        description: &str,
        precision: Precision,
        scores: impl IntoIterator<Item = (ContestantId, countback_model::Score)>,
    ) -> Column {
        let mut c = Column::new(key, title, description, precision);
        c.values = scores
            .into_iter()
            .map(|(id, s)| (id, Value::Score(s)))
            .collect();
        c
    }
}

/// FIDE: one column per code of the cascade, in its order, for every
/// player (`ids` in the tournament's player order).
pub(crate) fn fide(
    eval: &countback_tiebreak_fide::Evaluation<'_>,
    cascade: &countback_tiebreak_fide::Cascade,
    ids: &[ContestantId],
) -> Result<Vec<Column>> {
    let mut out = Vec::new();
    for code in &cascade.0 {
        let name = code.to_string();
        let precision = if code.kind.uses_ratings() {
            Precision::Rule {
                places: 0,
                half: countback_model::HalfRule::Up,
                clause: format!("FIDE C.07 {}", code.kind.acronym()),
            }
        } else {
            Precision::distinct(0)
        };
        let values = eval.optional_values(code)?;
        out.push(Column::of_scores(
            &name,
            &name,
            &format!("FIDE C.07 {}: {}", code.article(), code.kind.description()),
            precision,
            ids.iter()
                .zip(values)
                .filter_map(|(id, v)| v.map(|v| (id.clone(), v))),
        ));
    }
    Ok(out)
}
