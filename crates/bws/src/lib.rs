//! Bridgemate `.bws` reader.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
