//! Methods of scoring (EBU 143.5.1) and the conversion of procedural
//! penalties between units (EBU 143.5.7).

use countback_model::{ContestantId, Score, Unit};

use crate::error::EbuError;

/// Which of an event's two methods of scoring a test looks at (143.5.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum MethodOfScoring {
    /// The scoring used just before any conversion to victory points:
    /// match points, IMPs, aggregate points.
    Basic,
    /// The scoring the ranking is in, generally victory points.
    Final,
}

/// An event's basic and final units (143.5.1). When the event is not scored
/// by victory points the two are the same.
///
/// ```
/// use countback_tiebreak_ebu::{MethodOfScoring, Scoring};
/// use countback_model::Unit;
///
/// let swiss = Scoring::victory_points(Unit::Imps);
/// assert_eq!(swiss.unit(MethodOfScoring::Basic), Unit::Imps);
/// assert_eq!(swiss.unit(MethodOfScoring::Final), Unit::VictoryPoints);
/// assert!(swiss.is_victory_point_event());
///
/// let pairs = Scoring::unconverted(Unit::MatchPoints);
/// assert_eq!(pairs.unit(MethodOfScoring::Basic), pairs.unit(MethodOfScoring::Final));
/// assert!(!pairs.is_victory_point_event());
/// ```
///
/// The two units differ only when the final one is victory points, however
/// the value was made: deserialising goes through [`Scoring::new`] and fails
/// with its message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawScoring"))]
pub struct Scoring {
    basic: Unit,
    #[cfg_attr(feature = "serde", serde(rename = "final"))]
    final_unit: Unit,
}

/// The serde form of [`Scoring`], checked by `new` on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename = "Scoring")]
struct RawScoring {
    basic: Unit,
    #[serde(rename = "final")]
    final_unit: Unit,
}

#[cfg(feature = "serde")]
impl TryFrom<RawScoring> for Scoring {
    type Error = EbuError;

    fn try_from(raw: RawScoring) -> Result<Scoring, EbuError> {
        Scoring::new(raw.basic, raw.final_unit)
    }
}

impl Scoring {
    /// `basic` and `final_unit` as given: the same unit, or any basic unit
    /// converted to victory points ([`EbuError::UnitsDiffer`] otherwise).
    ///
    /// ```
    /// use countback_tiebreak_ebu::{EbuError, Scoring};
    /// use countback_model::Unit;
    ///
    /// assert_eq!(Scoring::new(Unit::Imps, Unit::VictoryPoints)?, Scoring::victory_points(Unit::Imps));
    /// assert!(matches!(
    ///     Scoring::new(Unit::Imps, Unit::MatchPoints),
    ///     Err(EbuError::UnitsDiffer { .. })
    /// ));
    /// # Ok::<(), EbuError>(())
    /// ```
    pub fn new(basic: Unit, final_unit: Unit) -> Result<Scoring, EbuError> {
        if basic != final_unit && final_unit != Unit::VictoryPoints {
            return Err(EbuError::UnitsDiffer { basic, final_unit });
        }
        Ok(Scoring { basic, final_unit })
    }

    /// An event whose `basic` scores are converted to victory points.
    #[must_use]
    pub fn victory_points(basic: Unit) -> Scoring {
        Scoring {
            basic,
            final_unit: Unit::VictoryPoints,
        }
    }

    /// An event ranked directly in `unit`: basic and final are the same.
    #[must_use]
    pub fn unconverted(unit: Unit) -> Scoring {
        Scoring {
            basic: unit,
            final_unit: unit,
        }
    }

    /// The unit of a method.
    #[must_use]
    pub fn unit(&self, method: MethodOfScoring) -> Unit {
        match method {
            MethodOfScoring::Basic => self.basic,
            MethodOfScoring::Final => self.final_unit,
        }
    }

    /// Whether scores are converted to victory points (so that the basic
    /// method is a separate test, 143.7.1(c)).
    #[must_use]
    pub fn is_victory_point_event(&self) -> bool {
        self.final_unit == Unit::VictoryPoints && self.basic != Unit::VictoryPoints
    }
}

/// The standard rate between IMPs and aggregate points used to carry a
/// procedural penalty or award into another unit (143.5.7): 3 IMPs are worth
/// 100 aggregate points.
///
/// ```
/// use countback_tiebreak_ebu::PenaltyConversion;
/// use countback_model::{Score, Unit};
///
/// let rate = PenaltyConversion::standard();
/// let aggregate = rate.convert(&Score::integer(3), Unit::Imps, Unit::TotalPoints)?;
/// assert_eq!(aggregate, Score::integer(100));
/// # Ok::<(), countback_tiebreak_ebu::EbuError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct PenaltyConversion {
    /// IMPs on one side of the rate.
    pub imps: Score,
    /// The aggregate points they are worth.
    pub aggregate_points: Score,
}

impl Default for PenaltyConversion {
    fn default() -> PenaltyConversion {
        PenaltyConversion::standard()
    }
}

impl PenaltyConversion {
    /// 3 IMPs = 100 aggregate points.
    #[must_use]
    pub fn standard() -> PenaltyConversion {
        PenaltyConversion {
            imps: Score::integer(3),
            aggregate_points: Score::integer(100),
        }
    }

    /// `amount` in `from`, expressed in `to`. The same unit is returned as is;
    /// only IMPs and aggregate (total) points convert into each other.
    pub fn convert(&self, amount: &Score, from: Unit, to: Unit) -> Result<Score, EbuError> {
        match (from, to) {
            _ if from == to => Ok(amount.clone()),
            (Unit::Imps, Unit::TotalPoints) => (amount * &self.aggregate_points)
                .checked_div(&self.imps)
                .map_err(EbuError::arithmetic("IMPs to aggregate points")),
            (Unit::TotalPoints, Unit::Imps) => (amount * &self.imps)
                .checked_div(&self.aggregate_points)
                .map_err(EbuError::arithmetic("aggregate points to IMPs")),
            _ => Err(EbuError::NoConversion { from, to }),
        }
    }
}

/// A procedural penalty (negative) or award (positive) imposed on a
/// contestant, in the unit it was given in (143.5.7).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[allow(clippy::exhaustive_structs)] // Exhaustive: a penalty as the caller enters it, built by name.
pub struct ProceduralPenalty {
    /// Who.
    pub contestant: ContestantId,
    /// The unit it was imposed in.
    pub unit: Unit,
    /// The amount: negative for a penalty, positive for an award.
    pub amount: Score,
}
