import Foundation
import PandaCore
import PandaStore

extension ExplainedDay {
  /// The day explained from `explanation`, with `stored` (the day's stored value, when it has one)
  /// giving the value `series` shows.
  package static func make(
    _ metric: Metric, day: CalendarDay, explanation: DailyExplanation, stored: StoredDay?,
    names: SourceNames, zone: TimeZone
  ) -> ExplainedDay {
    let value = stored?.value
    var note: String?
    switch stored?.fill {
    case .activitySummary?:
      note =
        "No samples of it counted on this day: the value is the day's figure from the Health app's activity summary."
    case .zero?:
      note = "No entry on a day your devices were in use: counted as 0."
    case _ where explanation.derived != nil:
      note = derivedNote(explanation.derived, hasValue: value != nil)
    default:
      switch metric.aggregation {
      case .workouts:
        note =
          "The workouts that start on the day, each session once: where two sources recorded it, the one trusted "
          + "more (or the longer)."
      case .nightlyDeviation:
        note = "The night's reading less your own baseline, the mean of the nights of the 30 days before."
      case .mean:
        note = "The mean of the readings that start on the day."
      case .sleep(.efficiency):
        note = "Time asleep divided by time in bed, where in-bed records cover the sleep: not a sum of parts."
      default: break
      }
    }
    let filled = (stored?.fill ?? .samples) != .samples
    let counted: [Double?]
    if explanation.derived != nil {
      // A resting reading counts as itself: the value is their median.
      counted = explanation.entries.map(\.counted)
    } else if metric.aggregation == .mean && !filled {
      // A reading adds itself to a mean, not its share of the total.
      counted = explanation.entries.map { $0.reasons.isEmpty ? $0.sample.value : nil }
    } else {
      let parts = explanation.entries.map { filled ? 0 : $0.counted }
      counted = apportioned(parts, to: filled ? nil : value, places: 6)
    }
    let samples = explanation.entries.enumerated().map { index, entry in
      ExplainedDay.Sample(
        source: names.source(entry.sample.source), device: names.device(entry.sample.device),
        start: timestamp(entry.sample.start, zone: zone), end: timestamp(entry.sample.end, zone: zone),
        value: entry.sample.value, category: entry.sample.category.map(shortCategory), counted: counted[index],
        reason: entry.reasons.isEmpty
          ? nil
          : entry.reasons.map {
            reason($0, names: names, metric: metric, category: entry.sample.category, zone: zone)
          }
          .joined(separator: "; "))
    }
    let window = explanation.window
    let coverage = explanation.span.map { Double($0.count) / Double(window.count) }
    let night = explanation.night.map { night in
      ExplainedDay.Night(
        from: timestamp(window.lowerBound, zone: zone), to: timestamp(window.upperBound, zone: zone),
        sources: night.bySource.map { source, pieces in
          ExplainedDay.NightSource(source: names.source(source), intervals: pieces.map { interval($0, zone: zone) })
        }, union: night.union.map { interval($0, zone: zone) })
    }
    let derived = explanation.derived.map {
      ExplainedDay.Derived(
        method: "median of resting minutes", restingMinutes: $0.restingMinutes,
        minimumMinutes: DerivedRestingHeartRate.minimumMinutes,
        quietMinutes: Int(DerivedRestingHeartRate.quietSeconds / 60))
    }
    return ExplainedDay(
      metric: metric.id, date: day, value: value, unit: metric.unit,
      partial: stored?.isPartial ?? explanation.isPartial, coverage: coverage, note: note,
      samples: samples, night: night, derived: derived)
  }

  /// How a resting heart rate derived from heart rate and steps was formed, or why the day has
  /// none.
  static func derivedNote(_ day: DerivedRestingHeartRate.Day?, hasValue: Bool) -> String {
    let minutes = day?.restingMinutes ?? 0
    let quiet = DerivedRestingHeartRate.quietSeconds / 60
    let rest = "a heart rate reading taken at rest (no steps and no workout in the \(quiet) minutes before it)"
    guard hasValue else {
      return "No resting heart rate was recorded on this day, and none is derived: "
        + "\(minutes.counted("minute")) had \(rest), fewer than the "
        + "\(DerivedRestingHeartRate.minimumMinutes) a day needs."
    }
    return "Derived: no resting heart rate was recorded on this day, so it is the median of the "
      + "\(minutes.counted("minute")) with \(rest). Readings after steps or during a workout "
      + "do not count."
  }

  private static func interval(_ range: Range<Int64>, zone: TimeZone) -> ExplainedDay.Interval {
    ExplainedDay.Interval(start: timestamp(range.lowerBound, zone: zone), end: timestamp(range.upperBound, zone: zone))
  }

  /// `parts` rounded to `places` decimals so that, where they add up to `total` before rounding,
  /// they add up to it after (largest remainders take the last units); otherwise each rounded.
  static func apportioned(_ parts: [Double?], to total: Double?, places: Int) -> [Double?] {
    let scale = Foundation.pow(10, Double(places))
    let present = parts.compactMap { $0 }
    guard let total, !present.isEmpty else { return parts.map { $0.map { ($0 * scale).rounded() / scale } } }
    let target = (total * scale).rounded()
    let floors = parts.map { $0.map { ($0 * scale).rounded(.down) } }
    var missing = Int(target - floors.compactMap { $0 }.reduce(0, +))
    guard missing >= 0, missing <= present.count else {
      return parts.map { $0.map { ($0 * scale).rounded() / scale } }
    }
    var units = floors
    let order = parts.indices.filter { parts[$0] != nil }.sorted {
      ((parts[$0] ?? 0) * scale - (floors[$0] ?? 0)) > ((parts[$1] ?? 0) * scale - (floors[$1] ?? 0))
    }
    for index in order where missing > 0 {
      units[index] = (units[index] ?? 0) + 1
      missing -= 1
    }
    return units.map { $0.map { $0 / scale } }
  }

  /// `2025-06-10T07:12:00+02:00`.
  package static func timestamp(_ instant: Int64, zone: TimeZone) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = zone
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxx"
    return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(instant)))
  }

  /// A sleep stage in plain words, as the text shows it: `core sleep` for `AsleepCore`.
  static func plainCategory(_ short: String) -> String {
    switch short {
    case "InBed": "in bed"
    case "Asleep", "AsleepUnspecified": "asleep"
    case "AsleepCore": "core sleep"
    case "AsleepDeep": "deep sleep"
    case "AsleepREM": "REM sleep"
    case "Awake": "awake"
    case "Stood": "stood"
    case "Idle": "did not stand"
    default: short
    }
  }

  /// `AsleepCore` for `HKCategoryValueSleepAnalysisAsleepCore`.
  static func shortCategory(_ value: String) -> String {
    if value.hasPrefix("HKWorkoutActivityType") { return WorkoutActivity.name(value) }
    for prefix in ["HKCategoryValueSleepAnalysis", "HKCategoryValueAppleStandHour", "HKCategoryValue"]
    where value.hasPrefix(prefix) {
      return String(value.dropFirst(prefix.count))
    }
    return value
  }

  /// `12 min`, `1 h 5 min`, `40 s`.
  static func duration(_ seconds: Int64) -> String {
    seconds < 60 ? "\(seconds) s" : MetricFormatter.duration(hours: Double(seconds) / 3_600)
  }

  /// Why not all of a sample counted, in words; a sample of a kind `metric` does not count is
  /// named by its kind (`category`): "in bed does not count toward time asleep".
  static func reason(
    _ reason: DailyExplanation.Reason, names: SourceNames, metric: Metric, category: String?, zone: TimeZone
  ) -> String {
    func clock(_ instant: Int64) -> String { String(timestamp(instant, zone: zone).dropFirst(11).prefix(5)) }
    let quiet = DerivedRestingHeartRate.quietSeconds / 60
    return switch reason {
    case .notAtRest(.steps(let start, let end, let count)):
      "not at rest: \(MetricFormatter.groupedDecimal(count, places: 0)) steps from \(clock(start)) to "
        + "\(clock(end)), \(quiet) min or less before"
    case .notAtRest(.workout(let start, let end)):
      "not at rest: a workout from \(clock(start)) to \(clock(end)), during it or \(quiet) min or less after"
    case .higherPriority(let source, let device, let seconds):
      "\(duration(seconds)) covered by \(names.both(source, device)), a source trusted more"
    case .duplicate(let source, let device, let seconds):
      "duplicate: \(duration(seconds)) also recorded by \(names.both(source, device)), trusted as much and counted"
    case .overlap(let seconds): "duplicate: \(duration(seconds)) already counted from an overlapping sample"
    case .outsideDay(let seconds): "\(duration(seconds)) outside the day"
    case .placeholderZero: "placeholder zero, not data"
    case .noValue: "no value"
    case .notLatest: "a later reading is the day's value"
    case .sameHour: "this hour already counted"
    case .otherKind:
      if case .hoursWith = metric.aggregation {
        "no standing in this hour"
      } else {
        "\(category.map { plainCategory(shortCategory($0)) } ?? "this kind") does not count toward "
          + HeuristicPhrases.lowercasedName(metric)
      }
    case .stagesFromOtherSource(let source): "stages are taken from \(names.source(source)), which recorded more"
    case .startsOnAnotherDay: "starts on another day"
    case .sentByHealthAutoExport: "Health Auto Export sent this day's figure, which counts instead"
    case .sameSession(let source, let device):
      "duplicate: the same session as the workout from \(names.both(source, device)), which was kept"
    }
  }
}
