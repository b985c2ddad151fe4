#!/usr/bin/env bash
# The VecGame stepping speed of an earlier commit against this checkout's, in
# ONE process, in turns, per CPU-second of the thread: both engines are linked
# into one scratch program (the earlier one under another version number), and
# each round steps a VecGame(1024) for 500 steps with random decisions
# (creation included, as `cargo bench -p duke-engine --bench speed -- cpu`
# does) with the earlier engine and with this one, the order alternating.
# It prints the median rates and the median of the per-round ratios
# (this checkout / earlier). Separate processes run seconds apart, and this
# machine's speed moves by half in that time; rounds of 0.1 s in turns share
# it.
#
#   bash tools/batch-in-turns.sh <earlier commit> [rounds]
#
# The earlier commit needs the VecGame API of today (new(n, seed,
# perspective), random_actions, step); 30181da, where issue 14 was filed, has it.
set -euo pipefail
rev=${1:?an earlier commit}
rounds=${2:-41}
case $rounds in
    '' | *[!0-9]* | 0) echo "rounds must be a positive whole number, not '$rounds'" >&2; exit 2 ;;
esac
root=$(git rev-parse --show-toplevel)
work="$root/target/batch-in-turns"
mkdir -p "$work"
rm -rf "$work/old"
git -C "$root" worktree prune
git -C "$root" worktree add --force --detach "$work/old" "$rev" > /dev/null 2>&1 ||
    { echo "cannot check out '$rev' (not a commit of this clone?)" >&2; exit 2; }
# The earlier checkout goes away however the run ends.
trap 'git -C "$root" worktree remove --force "$work/old" > /dev/null 2>&1 || true' EXIT
# Two packages of one name and one version cannot share a build: the earlier
# one is renumbered (its own sources are unchanged).
sed -i 's/^version\.workspace = true$/version = "0.0.1"/' "$work/old/duke-engine/Cargo.toml"
mkdir -p "$work/bin/src"
cat > "$work/bin/Cargo.toml" <<EOF
[package]
name = "batch-in-turns"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
earlier = { package = "duke-engine", path = "$work/old/duke-engine" }
now = { package = "duke-engine", path = "$root/duke-engine" }
libc = "=0.2.191"  # as the repository's Cargo.lock

# As the repository's release profile.
[profile.release]
codegen-units = 1
lto = "thin"

# Not a member of the repository's workspace.
[workspace]
EOF
cat > "$work/bin/src/main.rs" <<'EOF'
fn thread_cpu() -> f64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: a valid pointer to a timespec the call fills.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

/// 500 steps of random decisions in a VecGame(1024) of one engine, creation
/// included: decisions per CPU-second. `Perspective` is where that engine
/// keeps it (the encoder's module then, beside `Side` at the root now).
macro_rules! round {
    ($engine:ident, $($persp:ident)::+) => {{
        use $engine::batch::VecGame;
        use $engine::$($persp)::+ as Perspective;
        let (n, steps) = (1024, 500);
        let t = thread_cpu();
        let mut vec = VecGame::new(n, 3, Perspective::Mover);
        let mut actions = vec![0u32; n];
        let mut rewards = vec![0f32; n];
        let mut dones = vec![0u8; n];
        for _ in 0..steps {
            vec.random_actions(&mut actions);
            vec.step(&actions, &mut rewards, &mut dones).unwrap();
        }
        std::hint::black_box((&rewards, &dones));
        (steps * n) as f64 / (thread_cpu() - t)
    }};
}

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(41);
    let (mut earlier, mut now, mut ratios) = (vec![], vec![], vec![]);
    for r in 0..rounds {
        let (e, n) = if r % 2 == 0 {
            let e = round!(earlier, encode::Perspective);
            (e, round!(now, Perspective))
        } else {
            let n = round!(now, Perspective);
            (round!(earlier, encode::Perspective), n)
        };
        earlier.push(e);
        now.push(n);
        ratios.push(n / e);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (lo, hi) = (
        ratios.iter().copied().fold(f64::MAX, f64::min),
        ratios.iter().copied().fold(0.0, f64::max),
    );
    println!(
        "{rounds} rounds in turns: earlier {:.3} M, now {:.3} M decisions per CPU-second (medians); now / earlier: median of per-round ratios {:.3} ({lo:.3}-{hi:.3})",
        median(&mut earlier) / 1e6,
        median(&mut now) / 1e6,
        median(&mut ratios),
    );
}
EOF
echo "building $rev and this checkout ..." >&2
(cd "$work/bin" && cargo build --release --quiet)
"$work/bin/target/release/batch-in-turns" "$rounds"
