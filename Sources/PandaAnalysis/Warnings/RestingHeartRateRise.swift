/// The single-signal early warning: a sustained rise of resting heart rate above the person's own
/// baseline, found by a one-sided cumulative sum (CUSUM, Page 1954), the online rule Mishra et al.
/// (2020, Nature Biomedical Engineering) ran on resting heart rate alone.
///
/// A day's reading is judged against the readings of the `AlertDetector.bandDays` days before
/// it, leaving out the last `recentDays` (and days already in an alert), so that a rise does not
/// raise its own baseline, once there are `AlertDetector.minimumReadings` of them. It is measured
/// from their upper quartile, in robust standard deviations (1.4826 × the median absolute
/// deviation, never under `minimumDeviation` bpm): z = (reading − upper quartile) / deviation.
/// The upper quartile, not the median, because a menstrual cycle's luteal phase raises resting
/// heart rate by 2–3 bpm for about half of the days: the upper quartile is then about the luteal
/// level, so the phase adds nothing; for a person without a cycle it sits about two thirds of a
/// standard deviation above the median.
///
/// Each day adds min(z, `cap`) − `reference` to a sum that never falls below 0 (a day without a
/// reading adds nothing). The warning starts on the day the sum reaches `threshold` while the
/// days since it last stood at 0 are, by their median, at least `minimumRise` bpm above the upper
/// quartile (the median, so that one high day cannot carry a sum of small ones over), and that day
/// and the reading before it are both above the line that keeps a warning on (`stayAbove`): the
/// rise has lasted two readings in a row.
/// The reference and threshold are the textbook ones (0.5 and 5 standard deviations, for a
/// rise of about one standard deviation); the cap keeps any one day from adding more than 2.5,
/// so no single day, however high, starts a warning.
///
/// Once started, a day is in the warning while its reading stays above the upper quartile plus
/// one robust standard deviation (`stayAbove`), one day below allowed; when it ends, the sum
/// starts again from 0.
package enum RestingHeartRateRise {
  /// The metric watched.
  package static let metric = "heart.restingHeartRate"
  /// The most recent days left out of the baseline.
  package static let recentDays = 7
  /// The smallest robust standard deviation, in bpm: below it whole-number readings would make
  /// a 2 bpm step look like many standard deviations.
  static let minimumDeviation = 1.5
  /// Standard deviations a day must be above the upper quartile to add to the sum.
  static let reference = 0.5
  /// The most standard deviations one day counts for.
  static let cap = 3.0
  /// The sum that starts a warning.
  static let threshold = 5.0
  /// The least median rise, in bpm above the upper quartile, of the days behind a start.
  static let minimumRise = 3.0
  /// Standard deviations above the upper quartile that keep a day in a warning once it started.
  static let stayAbove = 1.0

  /// A day's baseline from `values`: their median (what is said as usual), upper quartile (what
  /// a rise is measured from) and robust standard deviation; `nil` for fewer than
  /// `AlertDetector.minimumReadings` of them.
  static func baseline(_ values: [Double]) -> (usual: Double, level: Double, deviation: Double)? {
    guard values.count >= AlertDetector.minimumReadings, let median = RobustStatistics.median(values),
      let spread = RobustStatistics.median(values.map { abs($0 - median) })
    else { return nil }
    let sorted = values.sorted()
    let upper = sorted[Int((Double(sorted.count - 1) * 0.75).rounded())]
    return (median, upper, max(1.4826 * spread, minimumDeviation))
  }

  /// The running state of the sum over one person's days.
  struct State {
    /// The cumulative sum.
    var sum = 0.0
    /// The rises, in bpm, of the days since the sum last stood at 0.
    var run: [Double] = []
    /// The indices of those days.
    var runDays: [Int] = []
    /// Whether a warning is on.
    var warning = false
    /// Days in a row with readings back below `stayAbove` while a warning is on.
    var daysBelow = 0
    /// The standardized rise of the reading before.
    var previous = -Double.infinity

    /// Takes in the reading of day `index`, measured from `level` in `deviation`s: returns
    /// whether the day is in a warning, and whether the warning started on it.
    mutating func add(_ value: Double, level: Double, deviation: Double, index: Int) -> (
      inWarning: Bool, started: Bool
    ) {
      let z = (value - level) / deviation
      defer { previous = z }
      if warning {
        if z >= stayAbove {
          daysBelow = 0
          return (true, false)
        }
        daysBelow += 1
        if daysBelow > AlertDetector.allowedGap { self = State() }
        return (false, false)
      }
      sum = max(0, sum + min(z, cap) - reference)
      if sum == 0 {
        run.removeAll()
        runDays.removeAll()
        return (false, false)
      }
      run.append(value - level)
      runDays.append(index)
      guard sum >= threshold, let rise = RobustStatistics.median(run), rise >= minimumRise,
        min(z, previous) >= stayAbove
      else { return (false, false) }
      warning = true
      daysBelow = 0
      return (true, true)
    }

    /// Creates a value with every stored property at its initial value.
    init() {}
  }
}
