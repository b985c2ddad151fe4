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
    /// Reads `elo0,elo1`.
    pub fn parse(text: &str) -> Result<(f64, f64), String> {
        let bad = || format!("--sprt: \"{text}\" is not two Elo values as elo0,elo1 (e.g. 0,50)");
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let (e0, e1): (f64, f64) = (
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        );
        if !(e0.is_finite() && e1.is_finite() && e0 < e1) {
            return Err(format!("--sprt: elo0 ({e0}) must be below elo1 ({e1})"));
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
