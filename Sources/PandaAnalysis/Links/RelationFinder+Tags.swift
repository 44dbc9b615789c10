import PandaCore
import PandaStore

extension RelationFinder {
  /// Days with a tag or symptom, and days without it, a test needs on each side (of the days
  /// whose following day has the effect): below eight, one odd night decides.
  package static let minimumTaggedDays = 8

  /// What a tag or symptom is tested against, each on the day after it: the night that follows
  /// (time asleep, deep sleep; a night belongs to the day one wakes up), that day's HRV, resting
  /// heart rate and steps.
  static let tagEffects = [
    "sleep.asleep", "sleep.deep", "heart.hrv", "heart.restingHeartRate", "activity.steps",
  ]

  /// The smallest shift a tag or symptom is linked by, as a share of the effect's day-to-day
  /// spread on the days without it: Cohen's "small" effect, a fifth of a standard deviation.
  /// Each test asks whether the shift is clearly larger than that (`GroupComparison.compare`'s
  /// margin), not merely different from 0: a tag on many days that moves nothing still shows
  /// small chance differences, and once real links pass, the false-discovery bar would let some
  /// of them through.
  static let smallestTagShift = 0.2

  /// A robust standard deviation of `values`: the interquartile range over 1.349 (what it is for
  /// a normal spread), so that a few days of illness do not widen it.
  static func spread(_ values: [Double]) -> Double {
    guard values.count >= 4 else { return 0 }
    let sorted = values.sorted()
    func quantile(_ q: Double) -> Double {
      let position = q * Double(sorted.count - 1)
      let lower = Int(position)
      let upper = min(lower + 1, sorted.count - 1)
      return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }
    return (quantile(0.75) - quantile(0.25)) / 1.349
  }

  /// One tag or symptom tested against one effect.
  struct TagTest {
    /// The event's key (`tag:alcohol`).
    var cause: String
    var event: DayEvent
    var effect: String
    /// Days with the event, and all days compared (with and without).
    var tagged: Int
    var days: Int
    var comparison: GroupComparison.Result
    /// The compared days: the cause 1 on a tagged day and 0 on the others, the effect's
    /// deviation from its usual the next day.
    var pairs: [RelationPair]
  }

  /// How much whether a day has the event follows whether the day `1…halfWidth` before had
  /// it, over the consecutive days of `pairs` (0 where too few days are paired to tell).
  static func labelAutocorrelations(_ pairs: [RelationPair]) -> [Double] {
    var byDay: [CalendarDay: Double] = [:]
    for pair in pairs { byDay[pair.day] = pair.cause }
    return (1...DayToDayVariation.halfWidth).map { lag in
      var xs: [Double] = []
      var ys: [Double] = []
      for pair in pairs {
        if let before = byDay[pair.day.adding(days: -lag)] {
          xs.append(before)
          ys.append(pair.cause)
        }
      }
      return xs.count >= 10 ? RankCorrelation.pearson(xs, ys) ?? 0 : 0
    }
  }

  /// Every tag and symptom of `events` with enough days in `window`, compared with the days
  /// without it on each effect: the effect's deviation from its usual (`variation`) the next
  /// day, days with the event against days without.
  static func tagTests(
    events: [DayEvent], window: DayRange, variation: (String) -> DayToDayVariation?
  ) -> [TagTest] {
    var daysByKey: [String: (event: DayEvent, days: Set<CalendarDay>)] = [:]
    for event in events where window.contains(event.day) {
      daysByKey[event.key, default: (event, [])].days.insert(event.day)
    }
    var tests: [TagTest] = []
    for key in daysByKey.keys.sorted() {
      guard let (event, days) = daysByKey[key], days.count >= minimumTaggedDays else { continue }
      for effect in tagEffects {
        guard let deviations = variation(effect) else { continue }
        var pairs: [RelationPair] = []
        for day in window where day.adding(days: 1) <= window.last {
          guard let value = deviations.deviation(on: day.adding(days: 1)) else { continue }
          pairs.append(RelationPair(day: day, cause: days.contains(day) ? 1 : 0, effect: value))
        }
        let with = pairs.filter { $0.cause == 1 }.map(\.effect)
        let without = pairs.filter { $0.cause == 0 }.map(\.effect)
        guard with.count >= minimumTaggedDays, without.count >= minimumTaggedDays else { continue }
        // Tags that come in runs (a week of travel) on an effect whose days follow each other
        // are worth fewer independent days, as for the other pairs (`RankCorrelation.effectiveCount`).
        let effective = RankCorrelation.effectiveCount(
          pairs.count, first: labelAutocorrelations(pairs), second: deviations.autocorrelations)
        guard
          let comparison = GroupComparison.compare(
            with, without, inflation: Double(pairs.count) / effective, margin: smallestTagShift * spread(without))
        else { continue }
        tests.append(
          TagTest(
            cause: key, event: event, effect: effect, tagged: with.count, days: pairs.count, comparison: comparison,
            pairs: pairs))
      }
    }
    return tests
  }
}
