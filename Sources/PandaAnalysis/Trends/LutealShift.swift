import PandaCore
import PandaStore

/// The luteal phase's shift of a body signal, measured on the person's own days: the median of
/// their luteal days minus that of their follicular days, with `minimumPhaseReadings` days of
/// each, only in the direction the phase moves the signal (`moved`), and at most `limit`. Each
/// median is the interpolated one of values recorded in steps (`RobustStatistics.interpolatedMedian`):
/// the plain median of whole bpm stays on whole numbers, so a difference of two of them is off by
/// up to 1 bpm however many days it rests on, and a shift taken off 1 bpm too small reads the
/// phase's rise as strain on every luteal day. The
/// warnings (`AlertDetector`) take it off the luteal days of a personal band; the trends take
/// it off the luteal days of both windows before comparing them, so that a week that is mostly
/// luteal against a mostly follicular baseline is not read as a change. Pure: no I/O.
package enum LutealShift {
  /// The signals the luteal phase moves, with the direction it moves them (true: up).
  package static let moved: [String: Bool] = [
    "heart.restingHeartRate": true, "body.wristTemperature": true, "respiratory.respiratoryRate": true,
    "heart.hrv": false,
  ]

  /// Days of each phase needed before a shift is measured.
  static let minimumPhaseReadings = 8

  /// Days before a trend's current window that its shift is measured on: about four cycles,
  /// twice a warning's band (`AlertDetector.bandDays`), as the trend is not judged day by day
  /// and a median of day-to-day readings needs many days to settle.
  package static let trendDays = 120

  /// The largest luteal shift taken off a signal, given its usual value: about twice the
  /// largest the phase brings (0.5 °C, 3 bpm, 1 breath per minute, HRV 10–15 %), so that a shift
  /// estimated from days that include an unnoticed illness cannot hide a new one.
  static func limit(_ metric: String, usual: Double) -> Double {
    switch metric {
    case "heart.restingHeartRate": 5
    case "heart.hrv": abs(usual) * 0.25
    case "respiratory.respiratoryRate": 1.5
    case "body.wristTemperature": 0.8
    default: 0
    }
  }

  /// The shift of `metric` from its readings on luteal and on follicular days (interpolated
  /// medians, in the step the readings are recorded in): positive where
  /// the phase raises it (`raises`), negative where it lowers it, 0 without `minimumPhaseReadings`
  /// of each or when the days moved the other way.
  package static func measure(luteal: [Double], follicular: [Double], metric: String, raises: Bool) -> Double {
    let step = RobustStatistics.resolution(of: luteal + follicular)
    guard luteal.count >= minimumPhaseReadings, follicular.count >= minimumPhaseReadings,
      let high = RobustStatistics.interpolatedMedian(luteal, resolution: step),
      let low = RobustStatistics.interpolatedMedian(follicular, resolution: step)
    else { return 0 }
    let limit = limit(metric, usual: low)
    return raises ? min(max(high - low, 0), limit) : max(min(high - low, 0), -limit)
  }

  /// The shift of `series` as a trend over `windows` takes it off: measured on the whole days
  /// of the `trendDays` days before the current window, each day's phase as `cycles` knew it on
  /// the current window's last day; `nil` for a metric the phase does not move, without cycles,
  /// or without a shift.
  static func shift(of series: MetricSeries, before windows: TrendWindows, cycles: CycleCalendar) -> Double? {
    guard !cycles.isEmpty, let raises = moved[series.metric.id] else { return nil }
    let lastDay = windows.current.upperBound
    let end = windows.current.lowerBound.adding(days: -1)
    var luteal: [Double] = []
    var follicular: [Double] = []
    for point in series.points(from: windows.current.lowerBound.adding(days: -trendDays), through: end)
    where !point.isPartial && point.value.isFinite && !series.metric.isImplausible(point.value) {
      switch cycles.phase(on: point.day, knownThrough: lastDay) {
      case .luteal: luteal.append(point.value)
      case .follicular: follicular.append(point.value)
      case nil: break
      }
    }
    let shift = measure(luteal: luteal, follicular: follicular, metric: series.metric.id, raises: raises)
    return shift == 0 ? nil : shift
  }
}

extension LutealShift {
  /// `series` over both `windows` with `shift` taken off the days `cycles` put in the luteal
  /// phase, as known on the current window's last day; the other days as they are.
  static func takingOff(
    _ shift: Double, from series: MetricSeries, onLutealDaysOf cycles: CycleCalendar, in windows: TrendWindows
  ) -> MetricSeries {
    let lastDay = windows.current.upperBound
    let points = series.points(from: windows.baseline.lowerBound, through: lastDay).map { point in
      guard cycles.phase(on: point.day, knownThrough: lastDay) == .luteal else { return point }
      var taken = point
      taken.value -= shift
      return taken
    }
    return MetricSeries(
      metric: series.metric, points: points, lastDay: series.lastDay, availability: series.availability,
      lastValue: series.lastValue)
  }
}
