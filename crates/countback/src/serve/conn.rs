//! The server's own bounds: the accept loop, the caps on open connections
//! (in all and per client), the header, body and idle timeouts, and the
//! bounds on work: bodies held counted in bytes, in all and per client,
//! answers computed at once sized to the cores (issues 29 and 44). Every
//! figure is in [`Limits`] and in docs/cli.md.
//!
//! Fairness is per client, a client being an IPv4 address or an IPv6 /64
//! (one machine's usual share): one client holding many connections or
//! trickling many uploads takes its own share and no more, so every other
//! client is still answered.
//!
//! **Work for a client that went away is given up.** hyper reads a
//! connection's end of stream in the middle of a request once the body
//! is read (`half_close` off: an end of stream closes the connection), and
//! then drops the request's future: a post waiting for its job slot gives
//! up its place, and a job computing is told through [`Gone`] and stops at
//! its next stage or its rendering's next write. Every post given up says
//! so on standard error (`http.rs`), which is how the tests see it.

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpStream;
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
    /// The most connections one client (an IPv4 address, an IPv6 /64) has
    /// open at once; past it that client's new connection is closed as
    /// soon as it is accepted, and nobody else's is.
    pub client_connections: usize,
    /// How long a client may take to send a request's headers.
    pub header_timeout: Duration,
    /// How long a client may take to send a request's body (the form),
    /// from its first byte to its last: a deadline per request, so a
    /// trickle of bytes does not keep it open.
    pub body_timeout: Duration,
    /// How long a connection may sit with no request before it is closed.
    pub idle_timeout: Duration,
    /// The most answers computed at once (default: the cores).
    pub jobs: usize,
    /// The most bytes of posted bodies held at once, arriving, waiting or
    /// being answered; a post reserves its declared length (the upload
    /// limit when it declares none) before its body is read, and past the
    /// budget it is answered 503 "busy, retry" at once.
    pub body_bytes: usize,
    /// The most bytes of input being answered at once: a job reserves its
    /// file's size (at most this) before it starts, so the largest files
    /// are answered one at a time and small ones beside each other.
    pub work_bytes: usize,
    /// The most bytes of posted bodies one client has in flight (arriving,
    /// waiting or being answered), each post counting its declared length
    /// (the upload limit when it declares none); past it that client's
    /// post is answered 503 at once. Bytes, not posts (issue 43): what one
    /// client can queue ahead of the others is two of the largest files'
    /// work, as when it was two posts, while a client posting small files
    /// side by side (a script, a browser's tabs) is not told busy for
    /// the third.
    pub client_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            connections: 256,
            client_connections: 32,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(60),
            idle_timeout: Duration::from_secs(30),
            jobs: std::thread::available_parallelism().map_or(2, std::num::NonZero::get),
            body_bytes: 4 * super::MAX_UPLOAD_BYTES,
            work_bytes: super::MAX_UPLOAD_BYTES,
            client_bytes: 2 * super::MAX_UPLOAD_BYTES,
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

/// Who a connection belongs to, for the per-client shares: an IPv4
/// address, or an IPv6 address's /64 (an IPv4 address mapped into IPv6
/// is its IPv4 address).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Client(u128);

impl Client {
    pub(super) fn of(peer: SocketAddr) -> Client {
        match peer.ip() {
            IpAddr::V4(v4) => Client(u128::from(u32::from(v4))),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Client(u128::from(u32::from(v4))),
                None => Client((u128::from(v6) >> 64) << 64 | 1),
            },
        }
    }
}

/// How much of something each client holds (connections, or KiB of
/// bodies), each share a [`Share`] that gives itself back when dropped.
/// The map holds only clients with a share, so it is bounded by the
/// connections open.
#[derive(Debug, Clone)]
pub(super) struct Shares {
    held: Arc<Mutex<HashMap<Client, usize>>>,
    cap: usize,
}

/// One client's share of something, given back when dropped.
#[derive(Debug)]
pub(super) struct Share {
    held: Arc<Mutex<HashMap<Client, usize>>>,
    client: Client,
    units: usize,
}

impl Shares {
    fn new(cap: usize) -> Shares {
        Shares {
            held: Arc::new(Mutex::new(HashMap::new())),
            cap: cap.max(1),
        }
    }

    /// A share of one for `client`, or `None`: it holds its cap already.
    pub(super) fn take(&self, client: Client) -> Option<Share> {
        self.take_many(client, 1)
    }

    /// A share of `units` for `client` (at least one, at most the cap: a
    /// share larger than the cap takes the whole cap when the client holds
    /// nothing), or `None`: it would hold more than its cap.
    pub(super) fn take_many(&self, client: Client, units: usize) -> Option<Share> {
        let units = units.clamp(1, self.cap);
        let mut held = self.held.lock().ok()?;
        let n = held.entry(client).or_insert(0);
        if n.saturating_add(units) > self.cap {
            if *n == 0 {
                held.remove(&client);
            }
            return None;
        }
        *n += units;
        Some(Share {
            held: Arc::clone(&self.held),
            client,
            units,
        })
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        if let Ok(mut held) = self.held.lock() {
            if let Some(n) = held.get_mut(&self.client) {
                *n = n.saturating_sub(self.units);
                if *n == 0 {
                    held.remove(&self.client);
                }
            }
        }
    }
}

/// The peer of the connection a request came on, put in each request's
/// extensions by [`connection`].
#[derive(Debug, Clone, Copy)]
pub(super) struct Peer(pub(super) SocketAddr);

/// Bytes are counted in KiB units of the semaphores (a semaphore counts
/// in `u32` at a time).
fn kib(bytes: usize) -> u32 {
    u32::try_from(bytes.div_ceil(1024)).unwrap_or(u32::MAX)
}

/// The bounds on work shared by every connection: a post holds a client
/// share and its body's bytes from before its body is read until its
/// answer is made, and a job slot and its input's work bytes while it
/// computes.
#[derive(Debug, Clone)]
pub(super) struct Jobs {
    client_bodies: Shares,
    bodies: Arc<Semaphore>,
    body_kib: u32,
    running: Arc<Semaphore>,
    work: Arc<Semaphore>,
    work_kib: u32,
    pub(super) body_timeout: Duration,
}

/// A post's place, held until its answer is made: the client's share and
/// the body's bytes.
#[derive(Debug)]
pub(super) struct Admitted {
    _share: Share,
    _bytes: OwnedSemaphorePermit,
}

/// A job's place while it computes: a slot and the work bytes.
#[derive(Debug)]
pub(super) struct Running {
    _slot: OwnedSemaphorePermit,
    _work: OwnedSemaphorePermit,
}

impl Jobs {
    pub(super) fn new(limits: &Limits) -> Jobs {
        let body_kib = kib(limits.body_bytes).max(1);
        let work_kib = kib(limits.work_bytes).max(1);
        Jobs {
            client_bodies: Shares::new(kib(limits.client_bytes) as usize),
            bodies: Arc::new(Semaphore::new(body_kib as usize)),
            body_kib,
            running: Arc::new(Semaphore::new(limits.jobs.max(1))),
            work: Arc::new(Semaphore::new(work_kib as usize)),
            work_kib,
            body_timeout: limits.body_timeout,
        }
    }

    /// A place for a post of `size` bytes from `client`, or `None`: busy
    /// (the client's bodies in flight would pass its share, or the bodies
    /// held fill the budget). A body larger than a whole budget waits for
    /// none: it takes the whole budget when that is free.
    pub(super) fn admit(&self, client: Client, size: usize) -> Option<Admitted> {
        let share = self.client_bodies.take_many(client, kib(size) as usize)?;
        let bytes = Arc::clone(&self.bodies)
            .try_acquire_many_owned(kib(size).clamp(1, self.body_kib))
            .ok()?;
        Some(Admitted {
            _share: share,
            _bytes: bytes,
        })
    }

    /// Wait for a job slot and the work bytes of an input of `size` bytes,
    /// in the order asked (the semaphores are fair). Dropped while waiting
    /// (the client went away), the place is given up and the job never
    /// starts.
    pub(super) async fn run(&self, size: usize) -> Option<Running> {
        let slot = Arc::clone(&self.running).acquire_owned().await.ok()?;
        let work = Arc::clone(&self.work)
            .acquire_many_owned(kib(size).clamp(1, self.work_kib))
            .await
            .ok()?;
        Some(Running {
            _slot: slot,
            _work: work,
        })
    }
}

/// Set when the client a job is for has gone (hyper saw its end of stream
/// and dropped its request's future): the job stops at its next stage, and
/// a rendering under way stops at its next write.
#[derive(Debug, Clone, Default)]
pub(super) struct Gone(Arc<AtomicBool>);

impl Gone {
    pub(super) fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    pub(super) fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// A guard that sets the flag when dropped, unless disarmed first.
    pub(super) fn on_drop(&self) -> SetOnDrop {
        SetOnDrop(Some(self.clone()))
    }
}

/// A writer that fails once its [`Gone`] is set: a rendering for a
/// client that went away stops at its next write instead of running to
/// the end.
pub(super) struct UnlessGone<'a, W> {
    out: &'a mut W,
    gone: &'a Gone,
}

impl<'a, W: io::Write> UnlessGone<'a, W> {
    pub(super) fn new(out: &'a mut W, gone: &'a Gone) -> Self {
        UnlessGone { out, gone }
    }

    fn check(&self) -> io::Result<()> {
        if self.gone.is_set() {
            // Not `Interrupted`: `write_all` retries that one.
            Err(io::Error::new(
                io::ErrorKind::ConnectionAborted,
                "the client went away",
            ))
        } else {
            Ok(())
        }
    }
}

impl<W: io::Write> io::Write for UnlessGone<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.check()?;
        self.out.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.check()?;
        self.out.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Sets its [`Gone`] when dropped: held by the request's future, so the
/// flag is set when the connection's task drops it (the client went away).
#[derive(Debug)]
pub(super) struct SetOnDrop(Option<Gone>);

impl SetOnDrop {
    /// The request was answered: dropping no longer means gone.
    pub(super) fn disarm(mut self) {
        self.0 = None;
    }
}

impl Drop for SetOnDrop {
    fn drop(&mut self) {
        if let Some(g) = &self.0 {
            g.set();
        }
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
) -> io::Result<()> {
    let open = Arc::new(Semaphore::new(fitted(limits.connections)));
    let per_client = Shares::new(limits.client_connections);
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        // Past the client's share or the cap: closed at once (the drop),
        // the server goes on.
        let Some(share) = per_client.take(Client::of(peer)) else {
            continue;
        };
        let Ok(permit) = Arc::clone(&open).try_acquire_owned() else {
            continue;
        };
        let app = app.clone();
        tokio::spawn(async move {
            connection(stream, peer, app, limits).await;
            drop((permit, share));
        });
    }
}

/// One connection: hyper's header-read timeout, and a watchdog that closes
/// it once idle for [`Limits::idle_timeout`]. Each request carries its
/// [`Peer`].
async fn connection(stream: TcpStream, peer: SocketAddr, app: Router, limits: Limits) {
    let activity = Arc::new(Activity {
        in_flight: AtomicUsize::new(0),
        last: Mutex::new(Instant::now()),
    });
    let tower = TowerToHyperService::new(app);
    let seen = Arc::clone(&activity);
    let service = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
        request.extensions_mut().insert(Peer(peer));
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
        .header_read_timeout(limits.header_timeout)
        // hyper's default, said because abandoned work rests on it: an end
        // of stream while a request is answered closes the connection and
        // drops the request's future, which sets its job's `Gone`.
        .half_close(false);
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::io::Write as _;

    /// A rendering stops at its first write once its client is gone, with
    /// an error `write_all` does not retry (an `Interrupted` one it would,
    /// for ever).
    #[test]
    fn a_rendering_stops_at_its_next_write_once_the_client_is_gone() {
        let gone = Gone::default();
        let mut body = Vec::new();
        let mut out = UnlessGone::new(&mut body, &gone);
        out.write_all(b"<main>").unwrap();
        write!(out, "{}", 1).unwrap();
        gone.set();
        let e = out.write_all(b"</main>").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::ConnectionAborted);
        assert!(write!(out, "{}", 2).is_err());
        assert_eq!(body, b"<main>1");
    }
}
