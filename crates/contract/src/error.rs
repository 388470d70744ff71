//! The crate's one error type.

use countback_model::InputError;

/// Why a contract, seat or score could not be read or scored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ContractError {
    /// What every rule book refuses alike (a level of 8, 14 tricks).
    #[error(transparent)]
    Input(#[from] InputError),
    /// Text that is not a contract, seat or vulnerability.
    #[error("{what} {text:?} is not {expected}")]
    Unreadable {
        /// Which field: `"contract"`, `"declarer"`, `"vulnerability"`.
        what: &'static str,
        /// The text as given (at most 64 characters).
        text: String,
        /// What was expected, in words.
        expected: &'static str,
    },
}

impl ContractError {
    pub(crate) fn unreadable(what: &'static str, text: &str, expected: &'static str) -> Self {
        ContractError::Unreadable {
            what,
            text: text.chars().take(64).collect(),
            expected,
        }
    }
}
