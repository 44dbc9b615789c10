import Foundation

/// How likely a difference at least as large would be by chance alone: two-sided p-values from
/// Student's t distribution and the normal distribution.
enum ChanceProbability {
  /// The two-sided p-value of a t statistic with `degrees` degrees of freedom.
  static func studentT(_ t: Double, degrees: Double) -> Double {
    guard t.isFinite else { return t.isNaN ? 1 : 0 }
    guard degrees > 0 else { return 1 }
    let x = degrees / (degrees + t * t)
    return min(1, max(0, regularizedIncompleteBeta(x, a: degrees / 2, b: 0.5)))
  }

  /// The two-sided p-value of a standard normal statistic.
  static func normal(_ z: Double) -> Double {
    guard z.isFinite else { return z.isNaN ? 1 : 0 }
    return erfc(abs(z) / 2.0.squareRoot())
  }

  /// I_x(a, b), by the continued fraction of Numerical Recipes (Lentz's method), using the
  /// symmetry I_x(a, b) = 1 − I_{1−x}(b, a) where the fraction converges slowly.
  static func regularizedIncompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    let logGammas: Double = lgamma(a + b) - lgamma(a) - lgamma(b)
    let logPowers: Double = a * log(x) + b * log(1 - x)
    let front = exp(logGammas + logPowers)
    if x < (a + 1) / (a + b + 2) {
      return front * continuedFraction(x, a: a, b: b) / a
    }
    return 1 - front * continuedFraction(1 - x, a: b, b: a) / b
  }

  private static func continuedFraction(_ x: Double, a: Double, b: Double) -> Double {
    let tiny = 1e-300
    var c = 1.0
    var d = 1 - (a + b) * x / (a + 1)
    if abs(d) < tiny { d = tiny }
    d = 1 / d
    var result = d
    for m in 1...300 {
      let m = Double(m)
      let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
      d = 1 + even * d
      if abs(d) < tiny { d = tiny }
      c = 1 + even / c
      if abs(c) < tiny { c = tiny }
      d = 1 / d
      result *= d * c
      let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
      d = 1 + odd * d
      if abs(d) < tiny { d = tiny }
      c = 1 + odd / c
      if abs(c) < tiny { c = tiny }
      d = 1 / d
      let step = d * c
      result *= step
      if abs(step - 1) < 1e-12 { break }
    }
    return result
  }
}
