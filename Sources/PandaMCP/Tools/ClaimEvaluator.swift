import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

/// Checks, computes and words the claims a model sends through `answer`: each from the daily
/// values (whole days only, as `panda stats` and the tools count them), the workouts, or panda's
/// own insights, links and warnings, in the person's units. A claim that cannot be computed is
/// refused with its reason; none is guessed.
struct ClaimEvaluator {
  /// Where the data and settings come from.
  let context: ToolContext

  /// panda's answer to each claim in `claims`, in order.
  func evaluate(_ claims: [JSONValue]) async -> [ClaimAnswer] {
    var answers: [ClaimAnswer] = []
    for json in claims { answers.append(await evaluate(json)) }
    return answers
  }

  /// panda's answer to one claim.
  func evaluate(_ json: JSONValue) async -> ClaimAnswer {
    do {
      let claim = try Claim(json, today: context.today)
      return try await answer(claim, json: json)
    } catch let error as ToolError {
      return .refused(json, reason: error.message)
    } catch {
      return .refused(json, reason: "the data could not be read: \(error)")
    }
  }

  private func answer(_ claim: Claim, json: JSONValue) async throws -> ClaimAnswer {
    switch claim.kind {
    case .stat, .extreme, .count, .streak, .compare:
      guard let metric = claim.metric, let days = claim.days else { throw ToolError("the claim names no metric") }
      let selection = try selected(metric, days, on: claim.on)
      switch claim.kind {
      case .compare:
        guard let baseline = claim.baseline else { throw ToolError("a compare claim needs baseFrom and baseTo") }
        return try compare(
          json, claim, metric, current: selection, baseline: try selected(metric, baseline, on: claim.on))
      case .count, .streak:
        return try threshold(json, claim, metric, selection)
      case .extreme:
        return try extreme(json, metric, selection, highest: claim.which == "highest", label: nil)
      default:
        return try stat(json, claim.stat ?? "mean", metric, selection)
      }
    case .workouts:
      return try workouts(json, claim)
    case .insight, .relations, .alerts:
      return try await finding(json, claim)
    case .tag:
      return try taggedDays(json, claim)
    case .afterTag:
      return try afterTag(json, claim)
    }
  }

  /// The days of one metric a claim looks at.
  struct Selection {
    /// The range asked for.
    var range: DayRange
    /// Which days of the week count, as the claim named them.
    var on: String?
    /// The days of the range that count (all, or those of `on`).
    var calendarDays: Int
    /// The whole days with a value, oldest first.
    var whole: [DailyPoint]
    /// The partly recorded days, left out.
    var partial: Int
  }

  private func selected(_ metric: Metric, _ range: DayRange, on: String?) throws -> Selection {
    let points = try DailyValueReader(database: context.database).points(
      metric: metric.id, from: range.first, through: range.last
    ).filter { Self.matches($0.day, on) }
    let calendarDays = (0..<range.count).filter { Self.matches(range.first.adding(days: $0), on) }.count
    let whole = points.filter { !$0.isPartial }
    let selection = Selection(
      range: range, on: on, calendarDays: calendarDays, whole: whole, partial: points.count - whole.count)
    guard !whole.isEmpty else {
      let partial =
        selection.partial > 0 ? " (only \(selection.partial.counted("partly recorded day")))" : ""
      throw ToolError(
        "there is no whole day of \(Self.subject(metric)) \(Self.span(range, on: on))\(partial)")
    }
    return selection
  }

  /// Whether `day` is one of the days `on` names (every day when `nil`).
  static func matches(_ day: CalendarDay, _ on: String?) -> Bool {
    guard let on else { return true }
    let weekday = Self.weekday(day)
    switch on {
    case "weekdays": return weekday < 5
    case "weekends": return weekday >= 5
    default: return weekdayNames[weekday].lowercased() == on
    }
  }

  /// 0 for Monday to 6 for Sunday.
  static func weekday(_ day: CalendarDay) -> Int { ((day.ordinal + 3) % 7 + 7) % 7 }

  private func stat(_ json: JSONValue, _ stat: String, _ metric: Metric, _ selection: Selection) throws -> ClaimAnswer {
    let values = selection.whole.map(\.value)
    let summed = MetricStatistics.isSummed(metric)
    let subject = Self.capitalized(Self.subject(metric))
    let span = Self.span(selection.range, on: selection.on)
    let count = Self.dayCount(selection)
    switch stat {
    case "min", "max":
      return try extreme(json, metric, selection, highest: stat == "max", label: stat)
    case "days":
      var sentence =
        "\(values.count) of the \(selection.calendarDays.counted("day")) \(span) had a whole day of "
        + "\(Self.subject(metric).dropFirst("your ".count)) recorded"
      if selection.partial > 0 {
        sentence +=
          "; \(selection.partial.counted("more day")) \(selection.partial == 1 ? "was" : "were") only partly recorded"
      }
      return .computed(
        json, sentence: sentence + ".", value: Double(values.count), unit: "days", days: selection.range,
        count: values.count)
    case "total":
      guard summed else {
        throw ToolError(
          "\(Self.subject(metric)) has no total: its days do not add up; ask for its mean")
      }
      let total = values.reduce(0, +)
      return .computed(
        json, sentence: "\(subject) came to \(figure(total, metric)) in all \(span) \(count).", value: total,
        unit: metric.unit, days: selection.range, count: values.count)
    case "median":
      let median = RobustStatistics.median(values) ?? 0
      return .computed(
        json, sentence: "The median day of \(Self.subject(metric)) \(span) was \(figure(median, metric)) \(count).",
        value: median, unit: metric.unit, days: selection.range, count: values.count)
    default:
      let mean = values.reduce(0, +) / Double(values.count)
      let perDay = summed ? " a day" : ""
      return .computed(
        json, sentence: "\(subject) averaged \(figure(mean, metric))\(perDay) \(span) \(count).", value: mean,
        unit: metric.unit, days: selection.range, count: values.count)
    }
  }

  private func extreme(
    _ json: JSONValue, _ metric: Metric, _ selection: Selection, highest: Bool, label: String?
  ) throws -> ClaimAnswer {
    // Ties go to the earliest day, as best_worst_days has them.
    let best = selection.whole.reduce(selection.whole[0]) { kept, point in
      (highest ? point.value > kept.value : point.value < kept.value) ? point : kept
    }
    let word = highest ? "highest" : "lowest"
    let sentence =
      "Your \(word) day of \(Self.subject(metric).dropFirst("your ".count)) \(Self.span(selection.range, on: selection.on)) was "
      + "\(Self.written(best.day, weekday: true)), with \(figure(best.value, metric)) \(Self.dayCount(selection))."
    return .computed(
      json, sentence: sentence, value: best.value, unit: metric.unit, days: selection.range,
      count: selection.whole.count)
  }

  private func compare(
    _ json: JSONValue, _ claim: Claim, _ metric: Metric, current: Selection, baseline: Selection
  ) throws -> ClaimAnswer {
    let total = claim.stat == "total"
    if total && !MetricStatistics.isSummed(metric) {
      throw ToolError("\(Self.subject(metric)) has no total: its days do not add up; compare its mean")
    }
    func value(_ selection: Selection) -> Double {
      let sum = selection.whole.map(\.value).reduce(0, +)
      return total ? sum : sum / Double(selection.whole.count)
    }
    let now = value(current)
    let before = value(baseline)
    // The difference and percent of the figures as shown, so that the sentence's arithmetic holds.
    let shownNow = shown(now, metric)
    let shownBefore = shown(before, metric)
    let difference = shownNow - shownBefore
    let perDay = !total && MetricStatistics.isSummed(metric) ? " a day" : ""
    let verb = total ? "came to" : "averaged"
    var sentence =
      "\(Self.capitalized(Self.subject(metric))) \(verb) \(figure(now, metric))\(perDay) "
      + "\(Self.span(current.range, on: current.on)) \(Self.dayCount(current)), "
    let then =
      "\(figure(before, metric))\(perDay) \(Self.span(baseline.range, on: baseline.on)) \(Self.dayCount(baseline))"
    if difference == 0 {
      sentence += "the same as the \(then)."
    } else {
      let amount = self.amount(difference, metric)
      sentence += "\(amount) \(difference > 0 ? "more" : "less") than the \(then)"
      if shownBefore != 0 {
        let percent = difference / abs(shownBefore) * 100
        sentence += ": \(difference > 0 ? "up" : "down") \(MetricFormatter.decimal(abs(percent), places: 1)) %"
      }
      sentence += "."
    }
    return .computed(
      json, sentence: sentence, value: now, unit: metric.unit, days: current.range, count: current.whole.count)
  }

  private func threshold(_ json: JSONValue, _ claim: Claim, _ metric: Metric, _ selection: Selection) throws
    -> ClaimAnswer
  {
    guard let line = claim.threshold, let comparison = claim.comparison else {
      throw ToolError("the claim needs op, value and unit")
    }
    func meets(_ value: Double) -> Bool {
      switch comparison {
      case ">=": value >= line
      case ">": value > line
      case "<=": value <= line
      default: value < line
      }
    }
    let words = [">=": "at least", ">": "more than", "<=": "at most", "<": "less than"][comparison] ?? ""
    let condition = "\(Self.subject(metric)) \(words) \(figure(line, metric))"
    let span = Self.span(selection.range, on: selection.on)
    if claim.kind == .count {
      let meeting = selection.whole.filter { meets($0.value) }.count
      var sentence =
        "\(meeting) of the \(selection.whole.count.counted("whole day")) with data \(span) had \(condition)"
      if selection.partial > 0 {
        sentence += " (\(selection.partial.counted("partly recorded day")) left out)"
      }
      return .computed(
        json, sentence: sentence + ".", value: Double(meeting), unit: "days", days: selection.range,
        count: selection.whole.count)
    }
    // The longest run of consecutive calendar days meeting the condition; a day without a whole
    // day's value ends a run.
    var best: (first: CalendarDay, length: Int)?
    var run: (first: CalendarDay, length: Int)?
    var previous: CalendarDay?
    for point in selection.whole {
      if meets(point.value) {
        if let current = run, previous == point.day.adding(days: -1) {
          run = (current.first, current.length + 1)
        } else {
          run = (point.day, 1)
        }
        if let current = run, current.length > best?.length ?? 0 { best = current }
      } else {
        run = nil
      }
      previous = point.day
    }
    let gaps = selection.whole.count < selection.range.count ? "; a day without a whole day's value ends a run" : ""
    guard let best else {
      return .computed(
        json,
        sentence:
          "No day \(span) had \(condition) (\(selection.whole.count.counted("whole day")) with data).",
        value: 0, unit: "days", days: selection.range, count: selection.whole.count)
    }
    let last = best.first.adding(days: best.length - 1)
    let dates =
      best.length == 1
      ? "on \(Self.written(best.first, weekday: true))" : Self.span(DayRange(best.first...last), on: nil)
    let sentence =
      "Your longest run of days with \(condition) \(span) was \(best.length.counted("day")), \(dates) "
      + "(\(selection.whole.count.counted("whole day")) with data\(gaps))."
    return .computed(
      json, sentence: sentence, value: Double(best.length), unit: "days", days: selection.range,
      count: selection.whole.count)
  }

  private func workouts(_ json: JSONValue, _ claim: Claim) throws -> ClaimAnswer {
    guard let range = claim.days, let type = claim.workoutType, let stat = claim.stat else {
      throw ToolError("a workouts claim needs type, stat, from and to")
    }
    let reader = WorkoutReader(database: context.database, context: context.daily)
    var entries = try reader.workouts(from: range.first, through: range.last)
    var kind = "workout"
    if type != "any" {
      let filter = WorkoutFilter(type)
      try filter.check(against: try WorkoutFilter.recordedTypes(reader))
      entries = entries.filter { filter.matches($0.activityType) }
      kind = Self.words(WorkoutFilter.shortName(type)) + " workout"
    }
    let span = Self.span(range, on: nil)
    let counted = entries.count.counted(kind)
    switch stat {
    case "count":
      return .computed(
        json, sentence: "You recorded \(counted) \(span).", value: Double(entries.count), unit: "workouts",
        days: range, count: entries.count)
    case "duration":
      let minutes = entries.reduce(0) { $0 + $1.minutes }
      guard !entries.isEmpty else { throw ToolError("there is no \(kind) \(span)") }
      return .computed(
        json,
        sentence:
          "Your \(kind)s \(span) lasted \(MetricFormatter.duration(hours: minutes / 60)) in all (\(counted)).",
        value: minutes, unit: "min", days: range, count: entries.count)
    default:
      let energy = stat == "energy"
      let measured = entries.compactMap { energy ? $0.energy : $0.distance }
      guard !measured.isEmpty else {
        throw ToolError("no \(kind) \(span) has its \(energy ? "active energy" : "distance") recorded")
      }
      let sum = measured.reduce(0, +)
      let unit = energy ? "kcal" : "km"
      let with =
        measured.count < entries.count ? ", \(measured.count) with \(energy ? "energy" : "a distance") recorded" : ""
      let verb = energy ? "burned" : "covered"
      let what = energy ? " of active energy" : ""
      return .computed(
        json,
        sentence:
          "Your \(kind)s \(span) \(verb) \(context.units.string(sum, unit: unit))\(what) in all (\(counted)\(with)).",
        value: sum, unit: unit, days: range, count: entries.count)
    }
  }

  /// An insight's summary and guidance, the links, or the early warnings, as panda words them.
  private func finding(_ json: JSONValue, _ claim: Claim) async throws -> ClaimAnswer {
    var arguments: [String: JSONValue] = [:]
    let tool: String
    switch claim.kind {
    case .insight:
      tool = "insights"
      arguments = [
        "category": claim.category.map(JSONValue.string) ?? .null,
        "period": claim.period.map(JSONValue.string) ?? .null,
      ]
    case .relations:
      tool = "relations"
    default:
      tool = "alerts"
      if let range = claim.days {
        arguments = ["from": .string(range.first.iso), "to": .string(range.last.iso)]
      }
    }
    let result = await HealthTools.call(tool, arguments: .object(arguments), context: context)
    guard let answer = result.structured, !result.isError else { throw ToolError(result.text) }
    var sentences: [String] = []
    switch claim.kind {
    case .insight:
      let insight = answer["insights"]?.arrayValue?.first
      if let summary = insight?["summary"]?.stringValue { sentences.append(summary) }
      sentences += (insight?["suggestions"]?.arrayValue ?? []).compactMap(\.stringValue)
    case .relations:
      sentences = (answer["relations"]?.arrayValue ?? []).compactMap { $0["sentence"]?.stringValue }
      if sentences.isEmpty {
        sentences.append(answer["note"]?.stringValue ?? "panda found no link between your habits and body signals.")
      }
    default:
      sentences = (answer["alerts"]?.arrayValue ?? []).compactMap { $0["sentence"]?.stringValue }
      if sentences.isEmpty {
        let span = claim.days.map { " " + Self.span($0, on: nil) } ?? ""
        sentences.append(answer["note"]?.stringValue ?? "panda found no early warning\(span).")
      }
    }
    guard !sentences.isEmpty else { throw ToolError("panda has no finding to show for this claim") }
    return .computed(json, sentence: sentences.joined(separator: " "), days: claim.days)
  }

  /// `value` of `metric` in the person's units: `9,978 steps`, `7 h 12 min`, `4.4 mi`.
  func figure(_ value: Double, _ metric: Metric) -> String {
    context.units.string(value, unit: metric.unit)
  }

  /// The size of `difference` (in the shown unit, as `shown` gives it) of `metric`, without its
  /// sign: `1 h 5 min`, `2.1 mi`, `350 steps`.
  func amount(_ difference: Double, _ metric: Metric) -> String {
    metric.unit == "h"
      ? MetricFormatter.duration(hours: abs(difference))
      : MetricFormatter.difference(abs(difference), unit: context.units.unit(metric.unit))
  }

  /// `value` as `figure` shows it, in the shown unit.
  func shown(_ value: Double, _ metric: Metric) -> Double {
    let converted = context.units.converted(value, unit: metric.unit)
    return MetricFormatter.shown(converted.value, unit: converted.unit)
  }
}
