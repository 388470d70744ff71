//! # countback-usebio
//!
//! Skeleton: filled by its own issue.
//!
//! ```
//! assert_eq!(countback_model::Score::integer(1).to_string(), "1");
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
