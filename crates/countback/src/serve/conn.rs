//! The server's own bounds: the accept loop, the cap on open connections,
//! the header, body and idle timeouts, and the bound on concurrent jobs
//! (issue 29). Every figure is in [`Limits`] and in docs/cli.md.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

/// How much the page takes on at once, and how long it waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// The most connections open at once; past it a new connection is
    /// closed as soon as it is accepted. Lowered to fit the process's
    /// descriptor limit where that is lower (with room for the server's own).
    pub connections: usize,
    /// How long a client may take to send a request's headers.
    pub header_timeout: Duration,
    /// How long a client may take to send a request's body (the form).
    pub body_timeout: Duration,
    /// How long a connection may sit with no request before it is closed.
    pub idle_timeout: Duration,
    /// The most jobs (answers to a posted file) computed at once.
    pub jobs: usize,
    /// The most posted files waiting for a job slot; past it a post is
    /// answered 503 "busy, retry" before its body is read.
    pub queue: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            connections: 256,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(60),
            idle_timeout: Duration::from_secs(30),
            jobs: 2,
            queue: 4,
        }
    }
}

impl Limits {
    /// The same limits with every timeout set to `t` (the tests' short
    /// timeouts: `countback serve --timeouts-secs`, hidden).
    #[must_use]
    pub fn with_timeouts(mut self, t: Duration) -> Self {
        self.header_timeout = t;
        self.body_timeout = t;
        self.idle_timeout = t;
        self
    }
}

/// The descriptors the server keeps for itself beyond its connections
/// (standard streams, the listener, the runtime's poller and wakers, and
/// one to accept and close a connection past the cap).
const RESERVED_DESCRIPTORS: usize = 16;

/// The connection cap that fits the process's soft descriptor limit, where
/// the system says it (Linux: /proc/self/limits).
fn fitted(cap: usize) -> usize {
    let soft = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|limits| {
            limits
                .lines()
                .find(|l| l.starts_with("Max open files"))
                .and_then(|l| l.split_whitespace().nth(3))
                .and_then(|n| n.parse::<usize>().ok())
        });
    match soft {
        Some(n) => cap.min(n.saturating_sub(RESERVED_DESCRIPTORS).max(1)),
        None => cap,
    }
}

/// The job bound shared by every connection: a post holds an `admitted`
/// permit from before its body is read until its answer is made, and a
/// `running` permit while it computes.
#[derive(Debug, Clone)]
pub(super) struct Jobs {
    admitted: Arc<Semaphore>,
    running: Arc<Semaphore>,
    pub(super) body_timeout: Duration,
}

/// A post's place: admitted, and (once [`Jobs::run`] returns) running.
pub(super) type Permit = OwnedSemaphorePermit;

impl Jobs {
    pub(super) fn new(limits: &Limits) -> Jobs {
        Jobs {
            admitted: Arc::new(Semaphore::new(limits.jobs + limits.queue)),
            running: Arc::new(Semaphore::new(limits.jobs.max(1))),
            body_timeout: limits.body_timeout,
        }
    }

    /// A place in the queue, or `None`: busy.
    pub(super) fn admit(&self) -> Option<Permit> {
        Arc::clone(&self.admitted).try_acquire_owned().ok()
    }

    /// Wait for a job slot. Dropped while waiting (the client went away),
    /// the place is given up and the job never starts.
    pub(super) async fn run(&self) -> Option<Permit> {
        Arc::clone(&self.running).acquire_owned().await.ok()
    }
}

/// A connection's requests in flight and when the last one ended: idle
/// means none in flight for [`Limits::idle_timeout`].
struct Activity {
    in_flight: AtomicUsize,
    last: Mutex<Instant>,
}

impl Activity {
    fn idle_for(&self) -> Duration {
        if self.in_flight.load(Ordering::SeqCst) > 0 {
            return Duration::ZERO;
        }
        self.last.lock().map_or(Duration::ZERO, |l| l.elapsed())
    }

    fn touch(&self) {
        if let Ok(mut l) = self.last.lock() {
            *l = Instant::now();
        }
    }
}

/// Counts a request in flight for as long as it lives.
struct InFlight(Arc<Activity>);

impl InFlight {
    fn new(a: &Arc<Activity>) -> InFlight {
        a.in_flight.fetch_add(1, Ordering::SeqCst);
        InFlight(Arc::clone(a))
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.touch();
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Accept connections until the process stops. An accept that fails (no
/// descriptor left: EMFILE, ENFILE; a connection reset before it was
/// taken) is never fatal: the loop waits a moment and goes on.
pub(super) async fn accept_loop(
    listener: tokio::net::TcpListener,
    app: Router,
    limits: Limits,
) -> std::io::Result<()> {
    let open = Arc::new(Semaphore::new(fitted(limits.connections)));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        // Past the cap: closed at once (the drop), the server goes on.
        let Ok(permit) = Arc::clone(&open).try_acquire_owned() else {
            continue;
        };
        let app = app.clone();
        tokio::spawn(async move {
            connection(stream, app, limits).await;
            drop(permit);
        });
    }
}

/// One connection: hyper's header-read timeout, and a watchdog that closes
/// it once idle for [`Limits::idle_timeout`].
async fn connection(stream: tokio::net::TcpStream, app: Router, limits: Limits) {
    let activity = Arc::new(Activity {
        in_flight: AtomicUsize::new(0),
        last: Mutex::new(Instant::now()),
    });
    let tower = TowerToHyperService::new(app);
    let seen = Arc::clone(&activity);
    let service = hyper::service::service_fn(move |request| {
        let flight = InFlight::new(&seen);
        let answer = hyper::service::Service::call(&tower, request);
        async move {
            let answer = answer.await;
            drop(flight);
            answer
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    let conn = builder.serve_connection(TokioIo::new(stream), service);
    let mut conn = std::pin::pin!(conn);
    loop {
        let left = limits.idle_timeout.saturating_sub(activity.idle_for());
        if left.is_zero() {
            // Dropping the connection closes it.
            return;
        }
        if tokio::time::timeout(left, conn.as_mut()).await.is_ok() {
            return;
        }
    }
}
