//! The sequential probability ratio test of engine testing (fishtest's
//! GSPRT): paired games counted as a pentanomial, the generalized
//! log-likelihood ratio of "A is `elo1` stronger" against "A is `elo0`
//! stronger", in logistic Elo, and the stopping bounds of Wald's test.
//!
//! The formulas are those of fishtest's `LLRcalc.LLR_logistic`:
//!
//! - Zero counts are replaced by 0.001 (regularisation).
//! - The empirical distribution of a pair's score is moved, by maximum
//!   likelihood, to the nearest distribution whose mean is the score `s0`
//!   (then `s1`) that the Elo difference predicts. A pair's score is 0,
//!   1/4, ..., 1 per game pair, as a fraction of 2 points.
//! - The LLR is the number of pairs times the mean of `ln(p1_i / p0_i)`
//!   under the empirical distribution.

/// The test's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What the test says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1 accepted: A is at least `elo1` stronger.
    H1,
    /// H0 accepted: A is at most `elo0` stronger.
    H0,
    /// Neither yet.
    Continue,
}

impl Sprt {
    /// The test of `elo0,elo1` (as text) with the error rates `alpha` and
    /// `beta`.
    pub fn new(hypotheses: &str, alpha: f64, beta: f64) -> Result<Sprt, String> {
        let (elo0, elo1) = Sprt::parse(hypotheses)?;
        if !(0.0 < alpha && alpha < 0.5 && 0.0 < beta && beta < 0.5) {
            return Err("--alpha and --beta must lie between 0 and 0.5".into());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Reads `elo0,elo1`.
    pub fn parse(text: &str) -> Result<(f64, f64), String> {
        let bad = || format!("\"{text}\" is not two Elo values as elo0,elo1 (e.g. 0,50)");
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let (e0, e1): (f64, f64) = (
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        );
        if !(e0.is_finite() && e1.is_finite() && e0 < e1) {
            return Err(format!("elo0 ({e0}) must be below elo1 ({e1})"));
        }
        Ok((e0, e1))
    }

    /// The lower and upper bounds of the LLR: ln(beta / (1 - alpha)) and
    /// ln((1 - beta) / alpha).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The verdict for a log-likelihood ratio.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Verdict::H1
        } else if llr <= lo {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

/// The expected score of an Elo difference (logistic).
pub fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The index in the pentanomial of a pair whose two games scored `first`
/// and `second` for A (each 0, 0.5 or 1): LL, LD+DL, LW+DD+WL, DW+WD, WW.
pub fn penta_index(first: f64, second: f64) -> usize {
    ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize
}

/// The root `x` of `sum p_i a_i / (1 + x a_i) = 0` on
/// `(-1 / max a, -1 / min a)`, where the sum falls as `x` grows.
fn secular(a: &[f64; 5], p: &[f64; 5]) -> f64 {
    let max = a.iter().copied().fold(f64::MIN, f64::max);
    let min = a.iter().copied().fold(f64::MAX, f64::min);
    let eps = 1e-9;
    let (mut lo, mut hi) = (-1.0 / max + eps, -1.0 / min - eps);
    let f = |x: f64| (0..5).map(|i| p[i] * a[i] / (1.0 + x * a[i])).sum::<f64>();
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        let v = f(mid);
        if v == 0.0 {
            return mid;
        }
        if v > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The distribution nearest (in likelihood) to `p` with mean `s`.
fn mle_expected(p: &[f64; 5], s: f64) -> [f64; 5] {
    let a: [f64; 5] = core::array::from_fn(|i| i as f64 / 4.0 - s);
    let x = secular(&a, p);
    core::array::from_fn(|i| p[i] / (1.0 + x * a[i]))
}

/// The generalized log-likelihood ratio of H1 (`elo1`) against H0
/// (`elo0`) for pentanomial counts of paired games.
pub fn llr_logistic(elo0: f64, elo1: f64, penta: [u64; 5]) -> f64 {
    let counts: [f64; 5] =
        core::array::from_fn(|i| if penta[i] == 0 { 1e-3 } else { penta[i] as f64 });
    let n: f64 = counts.iter().sum();
    let p: [f64; 5] = core::array::from_fn(|i| counts[i] / n);
    let p0 = mle_expected(&p, logistic_score(elo0));
    let p1 = mle_expected(&p, logistic_score(elo1));
    n * (0..5)
        .map(|i| p[i] * (p1[i].ln() - p0[i].ln()))
        .sum::<f64>()
}

/// Elo difference for a score fraction (clamped short of 0 and 1).
pub fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-4, 1.0 - 1e-4);
    400.0 * (p / (1.0 - p)).log10()
}

/// An Elo difference as text, infinite at a score of 0 or 1.
pub fn elo_text(q: f64) -> String {
    if q <= 0.0 {
        "-inf".to_string()
    } else if q >= 1.0 {
        "+inf".to_string()
    } else {
        format!("{:+.0}", elo(q))
    }
}

/// A test under way: the pentanomial counts of the pairs so far, their
/// log-likelihood ratio and the verdict.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct State {
    pub test: Sprt,
    pub penta: [u64; 5],
    pub llr: f64,
    pub verdict: Verdict,
}

impl State {
    /// The test before any pair.
    pub fn new(test: Sprt) -> State {
        State::with_counts(test, [0; 5])
    }

    /// The test after pairs counted elsewhere (several runs of one test
    /// added up, as fishtest adds up its workers' batches).
    pub fn with_counts(test: Sprt, penta: [u64; 5]) -> State {
        let mut state = State {
            test,
            penta,
            llr: 0.0,
            verdict: Verdict::Continue,
        };
        if penta.iter().sum::<u64>() > 0 {
            state.llr = llr_logistic(test.elo0, test.elo1, penta);
            state.verdict = test.verdict(state.llr);
        }
        state
    }

    /// Counts one more pair, whose games scored `first` and `second` for
    /// A, unless the test has already decided.
    pub fn add_pair(&mut self, first: f64, second: f64) {
        if self.verdict == Verdict::Continue {
            self.penta[penta_index(first, second)] += 1;
            *self = State::with_counts(self.test, self.penta);
        }
    }

    /// The number of pairs counted.
    pub fn pairs(&self) -> u64 {
        self.penta.iter().sum()
    }

    /// The state as the line `duke tournament --sprt` prints after every
    /// pair.
    pub fn line(&self) -> String {
        let (lo, hi) = self.test.bounds();
        format!(
            "sprt: {} pairs, pentanomial [{}], LLR {:.3} (bounds {lo:.3}, {hi:.3})",
            self.pairs(),
            self.penta.map(|c| c.to_string()).join(" "),
            self.llr
        )
    }

    /// The test, its verdict for the player named `first` and its state.
    pub fn verdict_line(&self, first: &str) -> String {
        let t = self.test;
        let verdict = match self.verdict {
            Verdict::H1 => format!("H1 accepted: {first} is at least {} Elo stronger", t.elo1),
            Verdict::H0 => format!("H0 accepted: {first} is at most {} Elo stronger", t.elo0),
            Verdict::Continue => "no verdict yet (more games needed)".into(),
        };
        format!(
            "SPRT elo0 {} elo1 {} (alpha {}, beta {}): {verdict}; {}",
            t.elo0,
            t.elo1,
            t.alpha,
            t.beta,
            self.line().trim_start_matches("sprt: ")
        )
    }

    /// A's score from the pairs (a pair scores 0, 1/4, ..., 1), its Elo
    /// and the Elo's 95% interval, as text; `None` before any pair.
    pub fn elo_line(&self) -> Option<String> {
        let n = self.pairs() as f64;
        if n == 0.0 {
            return None;
        }
        let score = |i: usize| i as f64 / 4.0;
        let mean = (0..5).map(|i| self.penta[i] as f64 * score(i)).sum::<f64>() / n;
        let var = (0..5)
            .map(|i| self.penta[i] as f64 * (score(i) - mean).powi(2))
            .sum::<f64>()
            / n;
        let se = (var / n).sqrt();
        Some(format!(
            "{} games in {} pairs: score {:.1}%, Elo {} (95% interval {} to {}, from the pairs)",
            2 * self.pairs(),
            self.pairs(),
            100.0 * mean,
            elo_text(mean),
            elo_text(mean - 1.96 * se),
            elo_text(mean + 1.96 * se)
        ))
    }
}

/// Reads pentanomial counts: five numbers of pairs, separated by spaces
/// or commas, in the order LL, LD+DL, LW+DD+WL, DW+WD, WW.
/// The most pairs `duke sprt` adds up: a trillion, far past any match,
/// and small enough that every sum and score is exact.
pub const MAX_PAIRS: u64 = 1_000_000_000_000;

pub fn parse_counts(text: &str) -> Result<[u64; 5], String> {
    let bad = || {
        format!(
            "\"{text}\" is not five counts of pairs (LL, LD+DL, LW+DD+WL, DW+WD, WW), e.g. \"2 0 15 2 0\""
        )
    };
    let numbers: Vec<u64> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    numbers.try_into().map_err(|_| bad())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The normal approximation (fishtest's `LLR_alt2`), simple enough to
    /// check by hand: N (s1 - s0) (2 m - s0 - s1) / (2 var).
    fn llr_alt2(elo0: f64, elo1: f64, penta: [u64; 5]) -> f64 {
        let n: f64 = penta.iter().map(|&c| c as f64).sum();
        let m = (0..5)
            .map(|i| penta[i] as f64 / n * i as f64 / 4.0)
            .sum::<f64>();
        let var = (0..5)
            .map(|i| penta[i] as f64 / n * (i as f64 / 4.0 - m).powi(2))
            .sum::<f64>();
        let (s0, s1) = (logistic_score(elo0), logistic_score(elo1));
        n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * var)
    }

    #[test]
    fn the_normal_approximation_by_hand() {
        // [5, 20, 40, 25, 10]: N = 100, m = 53.75 / 100 = 0.5375,
        // var = 0.05*0.5375^2 + 0.2*0.2875^2 + 0.4*0.0375^2 + 0.25*0.2125^2
        //     + 0.1*0.4625^2 = 0.0642188; s0 = 0.5, s1 = L(10) = 0.5143871;
        // 100 * 0.0143871 * (1.075 - 1.0143871) / (2 * 0.0642188) = 0.67897.
        let approx = llr_alt2(0.0, 10.0, [5, 20, 40, 25, 10]);
        assert!((approx - 0.67897).abs() < 1e-4, "{approx}");
        // The exact GSPRT value is close to it for a small Elo step.
        let exact = llr_logistic(0.0, 10.0, [5, 20, 40, 25, 10]);
        assert!((exact - approx).abs() < 0.02 * approx, "{exact} {approx}");
    }

    #[test]
    fn values_of_the_fishtest_formula() {
        // From fishtest's LLRcalc formulas (regularise, MLE_expected by the
        // secular equation, N * mean of the jumps), evaluated in Python.
        let cases: [([u64; 5], f64, f64, f64); 4] = [
            ([5, 20, 40, 25, 10], 0.0, 10.0, 0.671579917305347),
            ([5, 20, 40, 25, 10], 0.0, 50.0, 0.19113169062487181),
            ([0, 3, 10, 20, 12], 0.0, 50.0, 6.010894213482065),
            ([30, 10, 5, 0, 0], 0.0, 50.0, -6.940373398871853),
        ];
        for (penta, e0, e1, want) in cases {
            let got = llr_logistic(e0, e1, penta);
            assert!((got - want).abs() < 1e-6, "{penta:?}: {got} != {want}");
        }
    }

    #[test]
    fn a_state_counts_pairs_and_stops_at_its_verdict() {
        let test = Sprt {
            elo0: 0.0,
            elo1: 50.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let mut s = State::new(test);
        assert_eq!(
            s.line(),
            "sprt: 0 pairs, pentanomial [0 0 0 0 0], LLR 0.000 (bounds -2.944, 2.944)"
        );
        assert_eq!(s.elo_line(), None);
        s.add_pair(1.0, 0.5);
        s.add_pair(0.5, 0.5);
        assert_eq!(s.penta, [0, 0, 1, 1, 0]);
        assert_eq!(s.llr, llr_logistic(0.0, 50.0, [0, 0, 1, 1, 0]));
        // Pairs won outright until H1: no pair counts after the verdict.
        while s.verdict == Verdict::Continue {
            s.add_pair(1.0, 1.0);
        }
        assert_eq!(s.verdict, Verdict::H1);
        let decided = s;
        s.add_pair(0.0, 0.0);
        assert_eq!(s, decided);
        assert_eq!(State::with_counts(test, s.penta), s);
    }

    #[test]
    fn the_score_of_pairs_by_hand() {
        // Pairs scoring 0, 1/2, 1/2 and 1: mean 1/2, variance 1/8, so the
        // interval is 1/2 -+ 1.96 sqrt(1/32) = 0.1535 to 0.8465, that is
        // -297 to +297 Elo.
        let test = Sprt {
            elo0: 0.0,
            elo1: 50.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let line = State::with_counts(test, [1, 0, 2, 0, 1])
            .elo_line()
            .unwrap();
        assert_eq!(
            line,
            "8 games in 4 pairs: score 50.0%, Elo +0 (95% interval -297 to +297, from the pairs)"
        );
    }

    #[test]
    fn counts_are_five_numbers() {
        assert_eq!(parse_counts("2 0 15 2 0"), Ok([2, 0, 15, 2, 0]));
        assert_eq!(parse_counts("2,0, 15,2 ,0"), Ok([2, 0, 15, 2, 0]));
        for bad in ["", "1 2 3 4", "1 2 3 4 5 6", "1 2 x 4 5", "1 2 -3 4 5"] {
            let e = parse_counts(bad).unwrap_err();
            assert!(e.contains("five counts"), "{bad}: {e}");
        }
    }

    #[test]
    fn symmetries() {
        // A symmetric result and symmetric hypotheses: exactly 0.
        assert!(llr_logistic(-20.0, 20.0, [10, 20, 40, 20, 10]).abs() < 1e-9);
        // Swapping the hypotheses negates the ratio.
        let a = llr_logistic(0.0, 50.0, [3, 8, 20, 12, 7]);
        let b = llr_logistic(50.0, 0.0, [3, 8, 20, 12, 7]);
        assert!((a + b).abs() < 1e-9, "{a} {b}");
    }

    #[test]
    fn bounds_and_verdicts() {
        let t = Sprt {
            elo0: 0.0,
            elo1: 50.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lo, hi) = t.bounds();
        assert!((lo + 2.944_438_979).abs() < 1e-6 && (hi - 2.944_438_979).abs() < 1e-6);
        assert_eq!(t.verdict(3.0), Verdict::H1);
        assert_eq!(t.verdict(-3.0), Verdict::H0);
        assert_eq!(t.verdict(0.0), Verdict::Continue);
        assert_eq!(penta_index(1.0, 0.5), 3);
        assert_eq!(penta_index(0.0, 0.0), 0);
        assert_eq!(Sprt::parse("0,50"), Ok((0.0, 50.0)));
        assert!(Sprt::parse("50,0").is_err());
        assert!(Sprt::parse("x").is_err());
    }
}
