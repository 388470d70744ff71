//! Standard output: buffered, written once, and quiet about a reader that
//! went away.

use std::io::{self, BufWriter, Write};

use crate::error::CliError;

/// Run `write` against standard output (buffered). A reader that stops
/// early (`| head`) ends the output quietly: a broken pipe is not an error,
/// and nothing more is written. Any other failure is [`CliError::Output`].
pub fn to_stdout(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), CliError> {
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    finish(write(&mut out).and_then(|()| out.flush()))
}

/// The outcome of writing: a closed pipe is the end of the job.
pub fn finish(result: io::Result<()>) -> Result<(), CliError> {
    match result {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(CliError::Output(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_pipe_is_the_end_of_the_job() {
        let closed = io::Error::new(io::ErrorKind::BrokenPipe, "closed");
        assert!(finish(Err(closed)).is_ok());
        let full = io::Error::new(io::ErrorKind::StorageFull, "full");
        assert!(matches!(finish(Err(full)), Err(CliError::Output(_))));
    }
}
