//! A panic the fuzzers know of and countback guards: `jetdb` 0.4.0 (the
//! Access reader under `countback-bws`) overflows a `u32` reading a damaged
//! page map (`map.rs`, `pages_from_bitmap`; found by the `bws` target,
//! issue 44). `countback_bws::read_bws` catches it and refuses the file
//! (`BwsError::NotAccess`), so in countback it is bad input, not a crash.
//! libFuzzer's panic hook aborts before any unwinding, which would report
//! it all the same: this hook lets a panic located in `jetdb` unwind to
//! that guard and hands every other panic to libFuzzer's hook, which
//! aborts as before.

/// Install the hook once, over libFuzzer's (which is set before the first
/// input).
pub fn let_guarded_upstream_panics_unwind() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let fuzzer_hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let upstream = info.location().is_some_and(|l| l.file().contains("jetdb-"));
            if !upstream {
                fuzzer_hook(info);
            }
        }));
    });
}
