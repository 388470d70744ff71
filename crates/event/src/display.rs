//! Displays that never mislead: how many decimals a column of exact values
//! is printed with.
//!
//! Every figure is an exact [`Score`]; a display is for reading only. A
//! column is printed either by the rule's own rounding (where the rule
//! prescribes one, e.g. FIDE's ARO to a whole number) or with **enough
//! decimals that two different values never print alike**: at least the
//! column's usual decimals, every value that is a short exact decimal shown
//! exactly (43.655, not 43.66), and more digits — or the exact fractions —
//! when two different values would otherwise share a display (139/40 and
//! 1391/400 print as 3.4750 and 3.4775, never as "3.48 v 3.48").
//!
//! Where a value has to be cut, its exact half goes by a *named* choice,
//! [`HalfDisplay`], never by default: programs differ (68.125 is 68.13 half
//! up and 68.12 half to even, as Compscore prints it).
//!
//! ```
//! use countback_event::display::{ColumnDisplay, HalfDisplay, Precision};
//! use countback_model::Score;
//!
//! let a = Score::new(139, 40)?;
//! let b = Score::new(1391, 400)?;
//! let shown = ColumnDisplay::for_values([&a, &b], &Precision::distinct(2), HalfDisplay::Even);
//! assert_eq!((shown.show(&a), shown.show(&b)), ("3.4750".to_owned(), "3.4775".to_owned()));
//!
//! let p = Score::parse("68.125")?;
//! let q = Score::parse("51.5")?;
//! let even = ColumnDisplay::for_values([&p, &q], &Precision::percentage(), HalfDisplay::Even);
//! let up = ColumnDisplay::for_values([&p, &q], &Precision::percentage(), HalfDisplay::Up);
//! assert_eq!((even.show(&p), up.show(&p)), ("68.12".to_owned(), "68.13".to_owned()));
//! # Ok::<(), countback_model::ScoreError>(())
//! ```

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use countback_model::{HalfRule, RoundingMode, Score, Value};

/// The most decimals a column is widened to before its values are shown as
/// exact fractions instead.
pub const MAX_DECIMALS: u32 = 9;

/// How an exact half is rounded when a display has to cut a value: a named
/// choice, because the programs of the field differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum HalfDisplay {
    /// To the even digit (banker's rounding; Compscore): 68.125 → 68.12.
    #[default]
    Even,
    /// Toward positive infinity: 68.125 → 68.13, −0.125 → −0.12.
    Up,
    /// Toward negative infinity: 68.125 → 68.12.
    Down,
    /// Away from zero (school rounding): 68.125 → 68.13, −0.125 → −0.13.
    AwayFromZero,
    /// Toward zero: 68.125 → 68.12.
    TowardZero,
}

impl HalfDisplay {
    /// Every choice, in the order the help lists them.
    pub const ALL: [HalfDisplay; 5] = [
        HalfDisplay::Even,
        HalfDisplay::Up,
        HalfDisplay::Down,
        HalfDisplay::AwayFromZero,
        HalfDisplay::TowardZero,
    ];

    /// The name used on the command line and in output.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            HalfDisplay::Even => "even",
            HalfDisplay::Up => "up",
            HalfDisplay::Down => "down",
            HalfDisplay::AwayFromZero => "away-from-zero",
            HalfDisplay::TowardZero => "toward-zero",
        }
    }

    /// The model's rule for this choice.
    #[must_use]
    pub fn rule(self) -> HalfRule {
        match self {
            HalfDisplay::Even => HalfRule::Even,
            HalfDisplay::Up => HalfRule::Up,
            HalfDisplay::Down => HalfRule::Down,
            HalfDisplay::AwayFromZero => HalfRule::AwayFromZero,
            HalfDisplay::TowardZero => HalfRule::TowardZero,
        }
    }
}

impl fmt::Display for HalfDisplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for HalfDisplay {
    type Err = String;

    fn from_str(s: &str) -> Result<HalfDisplay, String> {
        let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
        let wanted = wanted.strip_prefix("half-").unwrap_or(&wanted);
        by_name(&HalfDisplay::ALL, HalfDisplay::name, wanted)
            .map_err(|names| format!("{s:?} is not a half rule; choose one of {names}"))
    }
}

/// The one of `all` whose `name` is `wanted`; else every name, joined by
/// commas, for the message that lists the choices.
pub(crate) fn by_name<T: Copy>(
    all: &[T],
    name: fn(T) -> &'static str,
    wanted: &str,
) -> Result<T, String> {
    all.iter()
        .copied()
        .find(|c| name(*c) == wanted)
        .ok_or_else(|| {
            let names: Vec<&str> = all.iter().map(|c| name(*c)).collect();
            names.join(", ")
        })
}

/// How a column's values are to be displayed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Precision {
    /// The rule's own rounding (the values shown are what the rule
    /// prints; the exact values stay in the data).
    Rule {
        /// Decimals.
        places: u32,
        /// The rule's treatment of a half.
        half: HalfRule,
        /// Where the rule says so.
        clause: String,
    },
    /// No rule: at least `min` decimals, every value that is an exact
    /// decimal of at most `exact_up_to` places shown exactly, and as many
    /// more as it takes for different values to print differently.
    Distinct {
        /// The usual decimals of such figures.
        min: u32,
        /// Short exact decimals are shown in full up to this many places.
        exact_up_to: u32,
    },
}

impl Precision {
    /// Tie-break values and totals: exact where they are short decimals
    /// (halves, quarters, 43.655), at least `min` decimals.
    #[must_use]
    pub fn distinct(min: u32) -> Precision {
        Precision::Distinct {
            min,
            exact_up_to: min.max(4),
        }
    }

    /// Percentages and factored match points: two decimals, as every
    /// scoring program prints them, widened only where two different values
    /// would otherwise print alike.
    #[must_use]
    pub fn percentage() -> Precision {
        Precision::Distinct {
            min: 2,
            exact_up_to: 2,
        }
    }
}

/// The display chosen for one column of values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColumnDisplay {
    /// Decimals, or `None` to show exact fractions.
    decimals: Option<u32>,
    mode: RoundingMode,
}

fn decimals_of(value: &Score, cap: u32) -> Option<u32> {
    let mut scaled = value.clone();
    let ten = Score::integer(10);
    for places in 0..=cap {
        if scaled.is_integer() {
            return Some(places);
        }
        scaled = &scaled * &ten;
    }
    None
}

/// Where each distinct value of a column is found: a whole number within
/// a short range (a board's match points, from 0 to its top) by its value,
/// with no hashing for the usual cell; any other value by hash.
#[derive(Debug, Clone)]
struct Index<'a> {
    /// The least whole number `dense` covers.
    low: i64,
    /// For each whole number from `low`, its place among the distinct
    /// values, or [`Index::NONE`] where the column does not hold it.
    dense: Vec<u32>,
    /// The place of every other value.
    hashed: foldhash::HashMap<&'a Score, u32>,
}

impl Index<'_> {
    const NONE: u32 = u32::MAX;

    /// The slot of a whole number in `dense`, when it has one.
    fn slot(&self, value: &Score) -> Option<usize> {
        let n = value.to_i64()?;
        let k = usize::try_from(n.checked_sub(self.low)?).ok()?;
        (k < self.dense.len()).then_some(k)
    }

    /// The place of `value` among the column's distinct values.
    fn get(&self, value: &Score) -> Option<usize> {
        let place = match self.slot(value) {
            Some(k) => *self.dense.get(k)?,
            None => *self.hashed.get(value)?,
        };
        (place != Index::NONE).then(|| usize::try_from(place).ok())?
    }
}

/// The distinct values of a column, ascending, and where each is found. A
/// column of a million cells holds a few hundred of them: they are found
/// by value or hash and only they are sorted, never every cell by exact
/// comparison, which cost more than the rules (issue 30).
fn distinct<'a>(values: impl IntoIterator<Item = &'a Score>) -> (Vec<&'a Score>, Index<'a>) {
    let values: Vec<&Score> = values.into_iter().collect();
    // Whole numbers go by value when their range is no wider than a few
    // slots a cell (a board's match points): an array, not a hash.
    let (low, high) = values
        .iter()
        .filter_map(|v| v.to_i64())
        .fold((i64::MAX, i64::MIN), |(l, h), n| (l.min(n), h.max(n)));
    let span = high
        .checked_sub(low)
        .and_then(|d| usize::try_from(d).ok())
        .and_then(|d| d.checked_add(1))
        .filter(|&d| d <= values.len().saturating_mul(2).max(1024) && d < 1 << 24)
        .unwrap_or(0);
    // foldhash, not SipHash: hashing alone cost more than the rules on a
    // column of a million cells (issue 30); its per-process seed keeps values
    // chosen to collide from making the search quadratic.
    let mut index = Index {
        low,
        dense: vec![Index::NONE; span],
        hashed: foldhash::HashMapExt::new(),
    };
    let mut distinct: Vec<&Score> = Vec::new();
    for v in values {
        let new = match index.slot(v) {
            Some(k) => index.dense.get_mut(k).is_some_and(|d| {
                let new = *d == Index::NONE;
                *d = 0;
                new
            }),
            None => index.hashed.insert(v, 0).is_none(),
        };
        if new {
            distinct.push(v);
        }
    }
    distinct.sort_unstable();
    for (place, v) in distinct.iter().enumerate() {
        let place = u32::try_from(place).unwrap_or(Index::NONE);
        match index.slot(v) {
            Some(k) => {
                if let Some(d) = index.dense.get_mut(k) {
                    *d = place;
                }
            }
            None => {
                index.hashed.insert(v, place);
            }
        }
    }
    (distinct, index)
}

/// Each value of `sorted` (ascending, distinct) at `places` decimals,
/// where every one prints so and no two neighbours print alike.
fn distinct_at(sorted: &[&Score], places: u32, mode: &RoundingMode) -> Option<Vec<String>> {
    let mut shown: Vec<String> = Vec::with_capacity(sorted.len());
    for v in sorted {
        let text = v.to_decimal(places, mode).ok()?;
        if shown.last() == Some(&text) {
            return None;
        }
        shown.push(text);
    }
    Some(shown)
}

impl ColumnDisplay {
    /// Choose the display of a column holding `values` (in any order; each
    /// value may appear more than once). Linear in the number of values (a
    /// hash each) apart from one sort of the distinct ones, which alone are
    /// rounded.
    #[must_use]
    pub fn for_values<'a>(
        values: impl IntoIterator<Item = &'a Score>,
        precision: &Precision,
        half: HalfDisplay,
    ) -> ColumnDisplay {
        let (min, exact_up_to) = match precision {
            Precision::Rule { places, half, .. } => {
                return ColumnDisplay {
                    decimals: Some(*places),
                    mode: RoundingMode::Nearest(half.clone()),
                }
            }
            Precision::Distinct { min, exact_up_to } => (*min, *exact_up_to),
        };
        ColumnDisplay::for_distinct(&distinct(values).0, min, exact_up_to, half).0
    }

    /// The display of a column of `distinct` values (ascending, distinct),
    /// with no rule of its own, and the values as it shows them (each
    /// written once: issue 30).
    fn for_distinct(
        distinct: &[&Score],
        min: u32,
        exact_up_to: u32,
        half: HalfDisplay,
    ) -> (ColumnDisplay, Vec<String>) {
        let mode = RoundingMode::Nearest(half.rule());
        let mut places = min;
        for v in distinct {
            match decimals_of(v, exact_up_to) {
                Some(p) => places = places.max(p),
                // A value that is not a short exact decimal is never shown
                // as if it were a whole or a tenth: 7/3 is 2.33, not 2.3.
                None => places = places.max(2),
            }
        }
        // Rounding to a fixed step is monotone: only neighbours can meet,
        // and the first pair that meets settles this width.
        while places <= MAX_DECIMALS {
            if let Some(shown) = distinct_at(distinct, places, &mode) {
                let display = ColumnDisplay {
                    decimals: Some(places),
                    mode,
                };
                return (display, shown);
            }
            places += 1;
        }
        let display = ColumnDisplay {
            decimals: None,
            mode,
        };
        (display, distinct.iter().map(|v| v.to_string()).collect())
    }

    /// The display of a column holding `values`, as [`Self::for_values`]
    /// chooses it, with each distinct value's text (and its exact text) written once: a board
    /// of thousands of lines holds a few dozen distinct match points, and
    /// rounding each cell again cost more than the rules (issue 30).
    #[must_use]
    pub fn texts<'a>(
        values: impl IntoIterator<Item = &'a Score>,
        precision: &Precision,
        half: HalfDisplay,
    ) -> ColumnTexts<'a> {
        let (distinct, index) = distinct(values);
        let (display, shown) = match precision {
            Precision::Rule { .. } => {
                let display = ColumnDisplay::for_values([], precision, half);
                let shown = distinct.iter().map(|v| display.show(v)).collect();
                (display, shown)
            }
            Precision::Distinct { min, exact_up_to } => {
                ColumnDisplay::for_distinct(&distinct, *min, *exact_up_to, half)
            }
        };
        let texts = shown
            .into_iter()
            .zip(distinct)
            .map(|(shown, v)| (shown, v.to_string()))
            .collect();
        ColumnTexts {
            display,
            texts,
            index,
        }
    }

    /// A single value on its own (a sentence's figure, a lone total).
    #[must_use]
    pub fn single(value: &Score, precision: &Precision, half: HalfDisplay) -> String {
        ColumnDisplay::for_values([value], precision, half).show(value)
    }

    /// The decimals chosen, or `None` where the column shows exact fractions.
    #[must_use]
    pub fn decimals(&self) -> Option<u32> {
        self.decimals
    }

    /// One value as the column shows it.
    #[must_use]
    pub fn show(&self, value: &Score) -> String {
        match self.decimals {
            Some(places) => value
                .to_decimal(places, &self.mode)
                .unwrap_or_else(|_| value.to_string()),
            None => value.to_string(),
        }
    }

    /// A tie-break value as the column shows it: numbers by [`Self::show`],
    /// an infinite quotient as "∞", text as it is.
    #[must_use]
    pub fn show_value(&self, value: &Value) -> String {
        match value {
            Value::Score(s) | Value::Quotient(countback_model::Quotient::Finite(s)) => self.show(s),
            Value::Quotient(countback_model::Quotient::Infinite) => "∞".to_owned(),
            other => other.to_string(),
        }
    }
}

/// A column's display with the text of each of its distinct values,
/// written once ([`ColumnDisplay::texts`]).
#[derive(Debug, Clone)]
pub struct ColumnTexts<'a> {
    display: ColumnDisplay,
    /// Each distinct value's display and exact text, ascending.
    texts: Vec<(String, String)>,
    /// Where each distinct value's texts are.
    index: Index<'a>,
}

impl ColumnTexts<'_> {
    /// The texts written for a value of the column.
    fn written(&self, value: &Score) -> Option<&(String, String)> {
        self.texts.get(self.index.get(value)?)
    }

    /// The display chosen.
    #[must_use]
    pub fn display(&self) -> &ColumnDisplay {
        &self.display
    }

    /// Where `value` is among the column's distinct values (ascending),
    /// or `None` for a value the column does not hold: a writer that
    /// prepares each distinct value's output once finds it here by place.
    #[must_use]
    pub fn place(&self, value: &Score) -> Option<usize> {
        self.index.get(value).filter(|i| *i < self.texts.len())
    }

    /// Each distinct value's display and exact text, by
    /// [`place`](Self::place).
    #[must_use]
    pub fn distinct_texts(&self) -> &[(String, String)] {
        &self.texts
    }

    /// One value as the column shows it: the text written once for a value
    /// of the column, [`ColumnDisplay::show`] for any other.
    #[must_use]
    pub fn show(&self, value: &Score) -> Cow<'_, str> {
        match self.written(value) {
            Some((text, _)) => Cow::Borrowed(text),
            None => Cow::Owned(self.display.show(value)),
        }
    }

    /// One value as the column shows it and exactly, `(display, exact)`,
    /// found with one look-up: what [`show`](Self::show) and
    /// [`exact`](Self::exact) give, for a writer that prints both (a
    /// standings row of 200,000 pairs looked each value up twice: issue 43).
    #[must_use]
    pub fn show_and_exact(&self, value: &Score) -> (Cow<'_, str>, Cow<'_, str>) {
        match self.written(value) {
            Some((text, exact)) => (Cow::Borrowed(text), Cow::Borrowed(exact)),
            None => (
                Cow::Owned(self.display.show(value)),
                Cow::Owned(value.to_string()),
            ),
        }
    }

    /// One value exactly (`139/40`), written once for a value of the column.
    #[must_use]
    pub fn exact(&self, value: &Score) -> Cow<'_, str> {
        match self.written(value) {
            Some((_, exact)) => Cow::Borrowed(exact),
            None => Cow::Owned(value.to_string()),
        }
    }
}

/// A column's texts read in order, the last value's place remembered: a
/// column whose equal values come together (standings in place order, a
/// board's lines by score) is looked up once a run, not once a cell
/// (issue 43: a look-up by hash was most of a 100,000-pair field's
/// figures). The texts are [`ColumnTexts`]'s.
#[derive(Debug, Clone)]
pub struct InOrder<'c, 'a> {
    texts: &'c ColumnTexts<'a>,
    last: Option<(Score, usize)>,
}

impl<'c, 'a> InOrder<'c, 'a> {
    /// Read `texts` in order.
    #[must_use]
    pub fn new(texts: &'c ColumnTexts<'a>) -> InOrder<'c, 'a> {
        InOrder { texts, last: None }
    }

    /// [`ColumnTexts::place`], remembering the last value's.
    pub fn place(&mut self, value: &Score) -> Option<usize> {
        if let Some((last, place)) = &self.last {
            if last == value {
                return Some(*place);
            }
        }
        let place = self.texts.place(value)?;
        self.last = Some((value.clone(), place));
        Some(place)
    }

    /// [`ColumnTexts::show_and_exact`], found as [`place`](Self::place)
    /// finds it.
    pub fn show_and_exact(&mut self, value: &Score) -> (Cow<'c, str>, Cow<'c, str>) {
        let texts = self.texts;
        match self.place(value).and_then(|i| texts.texts.get(i)) {
            Some((text, exact)) => (Cow::Borrowed(text), Cow::Borrowed(exact)),
            None => (
                Cow::Owned(texts.display.show(value)),
                Cow::Owned(value.to_string()),
            ),
        }
    }

    /// [`ColumnTexts::show`], found as [`place`](Self::place) finds it.
    pub fn show(&mut self, value: &Score) -> Cow<'c, str> {
        self.show_and_exact(value).0
    }
}

/// The numbers among tie-break values (finite ones), for choosing a display.
pub fn numbers<'a>(values: impl IntoIterator<Item = &'a Value>) -> impl Iterator<Item = &'a Score> {
    values.into_iter().filter_map(|v| match v {
        Value::Score(s) | Value::Quotient(countback_model::Quotient::Finite(s)) => Some(s),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(t: &str) -> Score {
        Score::parse(t).unwrap_or_default()
    }

    fn check(values: &[&str], precision: &Precision, half: HalfDisplay, expected: &[&str]) {
        let v: Vec<Score> = values.iter().map(|t| s(t)).collect();
        let d = ColumnDisplay::for_values(&v, precision, half);
        let shown: Vec<String> = v.iter().map(|x| d.show(x)).collect();
        assert_eq!(shown, expected);
    }

    #[test]
    fn short_exact_decimals_are_shown_exactly() {
        check(
            &["8731/200", "7613/200", "6"],
            &Precision::distinct(2),
            HalfDisplay::Even,
            &["43.655", "38.065", "6.000"],
        );
        check(
            &["25/2", "10"],
            &Precision::distinct(0),
            HalfDisplay::Even,
            &["12.5", "10.0"],
        );
        check(
            &["3", "10"],
            &Precision::distinct(0),
            HalfDisplay::Even,
            &["3", "10"],
        );
    }

    #[test]
    fn different_values_never_print_alike() {
        check(
            &["139/40", "1391/400"],
            &Precision::distinct(0),
            HalfDisplay::Even,
            &["3.4750", "3.4775"],
        );
        check(
            &["139/40", "1391/400"],
            &Precision::percentage(),
            HalfDisplay::Even,
            &["3.475", "3.478"],
        );
        check(
            &["1/3", "333333333/1000000000"],
            &Precision::percentage(),
            HalfDisplay::Even,
            &["1/3", "333333333/1000000000"],
        );
        check(
            &["2/3", "1/3"],
            &Precision::percentage(),
            HalfDisplay::Even,
            &["0.67", "0.33"],
        );
    }

    #[test]
    fn an_exact_half_goes_by_the_named_rule() {
        for (half, shown) in [
            (HalfDisplay::Even, "68.12"),
            (HalfDisplay::Up, "68.13"),
            (HalfDisplay::AwayFromZero, "68.13"),
            (HalfDisplay::TowardZero, "68.12"),
        ] {
            check(
                &["68.125", "50"],
                &Precision::percentage(),
                half,
                &[shown, "50.00"],
            );
        }
        assert_eq!("half-even".parse(), Ok(HalfDisplay::Even));
        assert_eq!("away_from_zero".parse(), Ok(HalfDisplay::AwayFromZero));
        assert!("nearest".parse::<HalfDisplay>().is_err());
    }

    #[test]
    fn a_column_s_texts_are_its_display_s() {
        // Each distinct value written once must read as the column's own
        // display would write it, under every precision and half rule.
        let v: Vec<Score> = [
            "68.125", "50", "139/40", "1391/400", "-1/3", "68.125", "7", "7", "0",
        ]
        .iter()
        .map(|t| s(t))
        .collect();
        let rule = Precision::Rule {
            places: 1,
            half: HalfRule::Up,
            clause: "a rule".to_owned(),
        };
        for precision in [Precision::distinct(0), Precision::percentage(), rule] {
            for half in HalfDisplay::ALL {
                let display = ColumnDisplay::for_values(&v, &precision, half);
                let texts = ColumnDisplay::texts(&v, &precision, half);
                assert_eq!(texts.display(), &display);
                for x in v.iter().chain([&s("1/7")]) {
                    assert_eq!(texts.show(x), display.show(x), "{x} {half}");
                    assert_eq!(texts.exact(x), x.to_string());
                }
            }
        }
    }

    #[test]
    fn whole_numbers_and_fractions_are_found_alike() {
        // A board's match points (whole numbers in a short range, found by
        // value), a few fractions and far whole numbers (found by hash):
        // every cell's text is its display's, and a value the column does
        // not hold is written anew.
        let mut v: Vec<Score> = (0..2000).rev().map(|n| Score::integer(n % 37)).collect();
        v.extend(["25/2", "-1/3", "1000000007", "-40"].iter().map(|t| s(t)));
        let texts = ColumnDisplay::texts(&v, &Precision::distinct(0), HalfDisplay::Even);
        let display = ColumnDisplay::for_values(&v, &Precision::distinct(0), HalfDisplay::Even);
        assert_eq!(texts.display(), &display);
        for x in v.iter().chain(&[s("37"), s("-41"), s("7/2"), s("36")]) {
            assert_eq!(texts.show(x), display.show(x), "{x}");
            assert_eq!(texts.exact(x), x.to_string());
        }
        // -1/3 is no short decimal: the column shows two places.
        assert_eq!(texts.show(&s("12")), "12.00");
        // Values no width tells apart are shown as exact fractions.
        let near = s("333333333/1000000000");
        let v = [s("1/3"), near.clone()];
        let texts = ColumnDisplay::texts(&v, &Precision::percentage(), HalfDisplay::Even);
        assert_eq!(texts.display().decimals(), None);
        assert_eq!(texts.show(&near), "333333333/1000000000");
    }

    /// Read in order, with runs and returns, a column gives each value
    /// the texts it gives looked up alone.
    #[test]
    fn a_column_read_in_order_gives_its_own_texts() {
        let values: Vec<Score> = ["1/3", "1/3", "2", "1/3", "7/2", "7/2", "2", "5/7"]
            .iter()
            .map(|t| s(t))
            .collect();
        let texts = ColumnDisplay::texts(&values[..6], &Precision::distinct(2), HalfDisplay::Even);
        let mut in_order = InOrder::new(&texts);
        for v in &values {
            assert_eq!(in_order.show_and_exact(v), texts.show_and_exact(v), "{v}");
            assert_eq!(in_order.place(v), texts.place(v), "{v}");
        }
    }

    #[test]
    fn a_rule_rounding_is_the_rule_s() {
        let p = Precision::Rule {
            places: 0,
            half: HalfRule::Up,
            clause: "FIDE C.07 ARO".to_owned(),
        };
        check(
            &["1500.5", "1500.4"],
            &p,
            HalfDisplay::Even,
            &["1501", "1500"],
        );
    }
}
