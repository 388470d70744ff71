//! Progress on standard error for long runs: a spinner naming the stage
//! (reading, computing, writing), shown only when standard error is a
//! terminal and the input is large enough for a person to wait on it.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Inputs at least this large (bytes) show progress.
pub const LARGE_INPUT: u64 = 1 << 20;

/// Whether to show progress: a terminal to show it on, and a large input.
#[must_use]
pub fn wanted(stderr_is_terminal: bool, input_bytes: u64) -> bool {
    stderr_is_terminal && input_bytes >= LARGE_INPUT
}

/// A spinner on standard error, or nothing.
pub struct Progress(Option<ProgressBar>);

impl Progress {
    /// For an input of `input_bytes`: a spinner if [`wanted`].
    #[must_use]
    pub fn for_input(input_bytes: u64) -> Progress {
        if !wanted(std::io::stderr().is_terminal(), input_bytes) {
            return Progress(None);
        }
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{spinner} countback: {msg} ({elapsed})")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar.enable_steady_tick(Duration::from_millis(120));
        Progress(Some(bar))
    }

    /// No progress at all.
    #[must_use]
    pub fn none() -> Progress {
        Progress(None)
    }

    /// The stage now running.
    pub fn stage(&self, what: &'static str) {
        if let Some(b) = &self.0 {
            b.set_message(what);
        }
    }

    /// Clear the line before the output (or an error) is written.
    pub fn done(&self) {
        if let Some(b) = &self.0 {
            b.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.done();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_only_on_a_terminal_for_a_large_input() {
        assert!(wanted(true, LARGE_INPUT));
        assert!(!wanted(false, LARGE_INPUT * 100));
        assert!(!wanted(true, 1000));
    }
}
