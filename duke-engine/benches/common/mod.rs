//! What the benches and the speed examples share (included with
//! `#[path]`; a folder here is not a bench target of its own).

/// The CPU time this thread has used, in seconds.
pub fn thread_cpu() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid timespec to write; the clock id is a constant.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

/// One step of xorshift64: the benches' seeded, reproducible choices.
#[allow(dead_code)] // not every includer draws
pub fn xorshift(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

/// Random decisions through `VecGame` (n = 1024), optionally writing the
/// observation planes and masks every step.
#[allow(dead_code)] // not every includer steps a batch
pub fn vec_playouts(steps: u32, with_obs: bool) -> u64 {
    use duke_engine::batch::VecGame;
    use duke_engine::encode::{Perspective, ACTION_SPACE, OBS_LEN};
    let n: usize = std::env::var("VEC_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1024);
    let mut vec = VecGame::new(n, 3, Perspective::Mover);
    let mut actions = vec![0u32; n];
    let mut rewards = vec![0f32; n];
    let mut dones = vec![0u8; n];
    // VEC_WRITE=obs or VEC_WRITE=masks writes only those (to see what
    // each costs); both by default.
    let write = std::env::var("VEC_WRITE").unwrap_or_default();
    let (write_obs, write_masks) = (write != "masks", write != "obs");
    let mut obs = vec![0u8; if with_obs { n * OBS_LEN } else { 0 }];
    let mut masks = vec![0u8; if with_obs { n * ACTION_SPACE } else { 0 }];
    if with_obs {
        vec.write_observations(&mut obs).unwrap();
        vec.write_masks(&mut masks).unwrap();
    }
    for _ in 0..steps {
        vec.random_actions(&mut actions);
        vec.step(&actions, &mut rewards, &mut dones).unwrap();
        if with_obs {
            // As the Python binding does: only what changed is written.
            if write_obs {
                vec.update_observations(&mut obs).unwrap();
            }
            if write_masks {
                vec.update_masks(&mut masks).unwrap();
            }
        }
    }
    std::hint::black_box((&obs, &masks));
    u64::from(steps) * n as u64
}
