import Foundation
import LoopbackHTTPKit
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaStore

/// `panda ask` with scripted claims models: more than 150 objective questions, each with the claim
/// a model would send and panda's sentence as the tests expect it, the figures, days and dates
/// computed here from the planted data, not by panda's code; the models, their replies and a run
/// of `panda ask`.
enum AskClaims {
  /// The environment `panda ask` runs in: UTC, and no configuration file.
  static let environment = ["PANDA_TIMEZONE": "UTC", "XDG_CONFIG_HOME": "/nonexistent"]
  /// The day the questions are asked, the day after the planted data ends.
  static let asOf = "2025-07-01"

  /// A question, the claim a model would send for it, and panda's sentence as this test expects it.
  struct Question {
    /// The question as asked.
    var text: String
    /// The claim a model would send for it.
    var claim: JSONValue
    /// panda's sentence as the tests expect it.
    var sentence: String
  }

  // MARK: - Figures and words, computed here

  /// The months' names, January first.
  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]
  /// The weekdays' names, Monday first.
  static let dayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

  /// The day of `iso` (`YYYY-MM-DD`).
  static func day(_ iso: String) -> CalendarDay { CalendarDay(iso: iso)! }
  /// 0 for Monday.
  static func weekday(_ day: CalendarDay) -> Int { ((day.ordinal + 3) % 7 + 7) % 7 }
  /// `day` as panda writes it (`28 June 2025`), with its weekday first when `weekday` is set.
  static func date(_ day: CalendarDay, weekday withDay: Bool = false) -> String {
    let (year, month, dayOfMonth) = day.components
    return (withDay ? dayNames[weekday(day)] + " " : "") + "\(dayOfMonth) \(monthNames[month - 1]) \(year)"
  }
  /// The days from `first` to `last` as panda writes them, with the days `on` names.
  static func span(_ first: CalendarDay, _ last: CalendarDay, on: String? = nil) -> String {
    let (y1, m1, d1) = first.components
    let (y2, m2, _) = last.components
    var text =
      first == last
      ? "on \(date(first, weekday: true))"
      : y1 != y2
        ? "from \(date(first)) to \(date(last))"
        : m1 != m2 ? "from \(d1) \(monthNames[m1 - 1]) to \(date(last))" : "from \(d1) to \(date(last))"
    switch on {
    case nil: break
    case "weekdays": text += ", weekdays only"
    case "weekends": text += ", weekend days only"
    case let name?: text += ", \(name.prefix(1).uppercased() + name.dropFirst())s only"
    }
    return text
  }
  /// `count` of `noun`, plural past one.
  static func plural(_ count: Int, _ noun: String) -> String { count == 1 ? "1 \(noun)" : "\(count.grouped) \(noun)s" }
  /// `hours` as hours and minutes (`1 h 10 min`).
  static func hoursAndMinutes(_ hours: Double) -> String {
    let minutes = Int((abs(hours) * 60).rounded())
    if minutes < 60 { return "\(minutes) min" }
    return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
  }
  /// `value` to `places` decimals, without trailing zeros.
  static func trimmed(_ value: Double, places: Int) -> String {
    var text = String(format: "%.\(places)f", value)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text
  }

  /// A metric as the questions use it: id, the short name the model sends, its words, and how a
  /// figure of it is written.
  struct Measure: Sendable {
    /// The metric's id.
    var id: String
    /// The short name the model sends.
    var short: String
    /// The metric in words (`your steps`).
    var subject: String
    /// Whether a day's figure is a sum (and a mean of days is "a day").
    var summed: Bool
    /// A figure as written.
    var write: @Sendable (Double) -> String
    /// The figure as written, as a number (what a difference is taken of).
    var shown: @Sendable (Double) -> Double
  }

  /// Steps, summed over a day.
  static let steps = Measure(
    id: "activity.steps", short: "steps", subject: "your steps", summed: true,
    write: { "\(Int($0.rounded()).grouped) steps" }, shown: { $0.rounded() })
  /// Active energy, summed over a day.
  static let energy = Measure(
    id: "activity.activeEnergy", short: "activity.activeEnergy", subject: "your active energy", summed: true,
    write: { "\(Int($0.rounded()).grouped) kcal" }, shown: { $0.rounded() })
  /// Exercise minutes, summed over a day.
  static let exercise = Measure(
    id: "activity.exerciseMinutes", short: "exercise", subject: "your exercise", summed: true,
    write: { "\(Int($0.rounded()).grouped) min" }, shown: { $0.rounded() })
  /// Resting heart rate, a level.
  static let resting = Measure(
    id: "heart.restingHeartRate", short: "rhr", subject: "your resting heart rate", summed: false,
    write: { "\(Int($0.rounded())) bpm" }, shown: { $0.rounded() })
  /// Time asleep, a night's total.
  static let sleep = Measure(
    id: "sleep.asleep", short: "sleep", subject: "your time asleep", summed: false,
    write: { hoursAndMinutes($0) }, shown: { ($0 * 60).rounded() / 60 })

  /// `text` with its first letter upper case.
  static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

  /// The whole days of `measure` from `first` to `last` on the days `on` names, straight from the table.
  static func values(_ database: Database, _ measure: Measure, _ first: CalendarDay, _ last: CalendarDay, on: String?)
    throws -> [(day: CalendarDay, value: Double)]
  {
    try database.rows(
      "SELECT day, value FROM daily_values WHERE metric = ? AND day >= ? AND day <= ? AND partial = 0 ORDER BY day",
      [.text(measure.id), .text(first.iso), .text(last.iso)]
    ).compactMap { row in
      guard let text = row.text("day"), let day = CalendarDay(iso: text), let value = row.real("value") else {
        return nil
      }
      let index = weekday(day)
      switch on {
      case nil: return (day, value)
      case "weekdays": return index < 5 ? (day, value) : nil
      case "weekends": return index >= 5 ? (day, value) : nil
      case let name?: return dayNames[index].lowercased() == name ? (day, value) : nil
      }
    }
  }

  /// How many calendar days from `first` to `last` the days `on` names.
  static func calendarDays(_ first: CalendarDay, _ last: CalendarDay, on: String?) -> Int {
    (first.ordinal...last.ordinal).filter { ordinal in
      let index = ((ordinal + 3) % 7 + 7) % 7
      switch on {
      case nil: return true
      case "weekdays": return index < 5
      case "weekends": return index >= 5
      case let name?: return dayNames[index].lowercased() == name
      }
    }.count
  }

  /// The days counted as panda writes them: `(5 days; 2 days without data)`.
  static func counted(_ whole: Int, of calendar: Int) -> String {
    "(" + plural(whole, "day") + (calendar > whole ? "; \(plural(calendar - whole, "day")) without data" : "") + ")"
  }

  /// A claim with `members`.
  static func claim(_ members: [String: JSONValue]) -> JSONValue { .object(members) }

  // MARK: - The questions

  /// Every question, with its expected sentence computed from `database`.
  static func questions(_ database: Database) throws -> [Question] {
    var questions: [Question] = []
    let weeks = (1...6).map { back -> (CalendarDay, CalendarDay) in
      let monday = day("2025-06-30").adding(days: -7 * back)
      return (monday, monday.adding(days: 6))
    }
    let months = ["2025-02", "2025-03", "2025-04", "2025-05", "2025-06"].map { month -> (CalendarDay, CalendarDay) in
      let first = day(month + "-01")
      var last = first
      while last.adding(days: 1).components.month == first.components.month { last = last.adding(days: 1) }
      return (first, last)
    }

    func stat(_ measure: Measure, _ stat: String, _ range: (CalendarDay, CalendarDay), on: String? = nil) throws {
      let days = try values(database, measure, range.0, range.1, on: on)
      let numbers = days.map(\.value)
      let calendar = calendarDays(range.0, range.1, on: on)
      let spanText = span(range.0, range.1, on: on)
      let count = counted(numbers.count, of: calendar)
      var members: [String: JSONValue] = [
        "kind": "stat", "metric": .string(measure.short), "stat": .string(stat), "from": .string(range.0.iso),
        "to": .string(range.1.iso),
      ]
      if let on { members["on"] = .string(on) }
      let sentence: String
      switch stat {
      case "total":
        sentence =
          "\(capitalized(measure.subject)) came to \(measure.write(numbers.reduce(0, +))) in all \(spanText) \(count)."
      case "median":
        let sorted = numbers.sorted()
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        sentence = "The median day of \(measure.subject) \(spanText) was \(measure.write(median)) \(count)."
      case "max", "min":
        var best = days[0]
        for entry in days where stat == "max" ? entry.value > best.value : entry.value < best.value { best = entry }
        sentence =
          "Your \(stat == "max" ? "highest" : "lowest") day of \(measure.subject.dropFirst(5)) \(spanText) was "
          + "\(date(best.day, weekday: true)), with \(measure.write(best.value)) \(count)."
      case "days":
        sentence =
          "\(numbers.count) of the \(plural(calendar, "day")) \(spanText) had a whole day of \(measure.subject.dropFirst(5)) recorded."
      default:
        let mean = numbers.reduce(0, +) / Double(numbers.count)
        sentence =
          "\(capitalized(measure.subject)) averaged \(measure.write(mean))\(measure.summed ? " a day" : "") \(spanText) \(count)."
      }
      let onText = on.map { " on \($0)" } ?? ""
      questions.append(
        Question(
          text: "What was the \(stat) of my \(measure.short)\(onText) from \(range.0.iso) to \(range.1.iso)?",
          claim: claim(members), sentence: sentence))
    }

    func extreme(_ measure: Measure, _ which: String, _ range: (CalendarDay, CalendarDay)) throws {
      let days = try values(database, measure, range.0, range.1, on: nil)
      var best = days[0]
      for entry in days where which == "highest" ? entry.value > best.value : entry.value < best.value { best = entry }
      let sentence =
        "Your \(which) day of \(measure.subject.dropFirst(5)) \(span(range.0, range.1)) was \(date(best.day, weekday: true)), "
        + "with \(measure.write(best.value)) \(counted(days.count, of: calendarDays(range.0, range.1, on: nil)))."
      questions.append(
        Question(
          text: "Which day had my \(which) \(measure.short) from \(range.0.iso) to \(range.1.iso)?",
          claim: claim([
            "kind": "extreme", "metric": .string(measure.short), "which": .string(which),
            "from": .string(range.0.iso), "to": .string(range.1.iso),
          ]), sentence: sentence))
    }

    func count(
      _ measure: Measure, _ op: String, _ value: Double, unit: String, inUnit: Double, words: String,
      _ range: (CalendarDay, CalendarDay), streak: Bool = false
    ) throws {
      let days = try values(database, measure, range.0, range.1, on: nil)
      func meets(_ number: Double) -> Bool {
        switch op {
        case ">=": number >= inUnit
        case ">": number > inUnit
        case "<=": number <= inUnit
        default: number < inUnit
        }
      }
      let condition = "\(measure.subject) \(words) \(measure.write(inUnit))"
      let sentence: String
      if streak {
        var best = (start: days[0].day, length: 0)
        var run = (start: days[0].day, length: 0)
        var previous: CalendarDay?
        for entry in days {
          if meets(entry.value) {
            run =
              previous == entry.day.adding(days: -1) && run.length > 0 ? (run.start, run.length + 1) : (entry.day, 1)
            if run.length > best.length { best = run }
          } else {
            run.length = 0
          }
          previous = entry.day
        }
        let gaps =
          days.count < calendarDays(range.0, range.1, on: nil) ? "; a day without a whole day's value ends a run" : ""
        if best.length == 0 {
          sentence = "No day \(span(range.0, range.1)) had \(condition) (\(plural(days.count, "whole day")) with data)."
        } else {
          let last = best.start.adding(days: best.length - 1)
          let dates = best.length == 1 ? "on \(date(best.start, weekday: true))" : span(best.start, last)
          sentence =
            "Your longest run of days with \(condition) \(span(range.0, range.1)) was \(plural(best.length, "day")), "
            + "\(dates) (\(plural(days.count, "whole day")) with data\(gaps))."
        }
      } else {
        let meeting = days.filter { meets($0.value) }.count
        sentence =
          "\(meeting) of the \(plural(days.count, "whole day")) with data \(span(range.0, range.1)) had \(condition)."
      }
      questions.append(
        Question(
          text: "\(streak ? "Longest streak" : "How many days") with \(measure.short) \(op) \(value) \(unit) from "
            + "\(range.0.iso) to \(range.1.iso)?",
          claim: claim([
            "kind": .string(streak ? "streak" : "count"), "metric": .string(measure.short), "op": .string(op),
            "value": .number(value), "unit": .string(unit), "from": .string(range.0.iso), "to": .string(range.1.iso),
          ]), sentence: sentence))
    }

    func compare(
      _ measure: Measure, _ stat: String, _ now: (CalendarDay, CalendarDay), _ base: (CalendarDay, CalendarDay)
    )
      throws
    {
      let current = try values(database, measure, now.0, now.1, on: nil).map(\.value)
      let baseline = try values(database, measure, base.0, base.1, on: nil).map(\.value)
      let total = stat == "total"
      func figure(_ numbers: [Double]) -> Double {
        total ? numbers.reduce(0, +) : numbers.reduce(0, +) / Double(numbers.count)
      }
      let a = figure(current)
      let b = figure(baseline)
      let difference = measure.shown(a) - measure.shown(b)
      let perDay = !total && measure.summed ? " a day" : ""
      var sentence =
        "\(capitalized(measure.subject)) \(total ? "came to" : "averaged") \(measure.write(a))\(perDay) "
        + "\(span(now.0, now.1)) \(counted(current.count, of: calendarDays(now.0, now.1, on: nil))), "
      let then =
        "\(measure.write(b))\(perDay) \(span(base.0, base.1)) \(counted(baseline.count, of: calendarDays(base.0, base.1, on: nil)))"
      if difference == 0 {
        sentence += "the same as the \(then)."
      } else {
        let amount = measure.id == "sleep.asleep" ? hoursAndMinutes(difference) : measure.write(abs(difference))
        sentence += "\(amount) \(difference > 0 ? "more" : "less") than the \(then)"
        sentence +=
          ": \(difference > 0 ? "up" : "down") \(trimmed(abs(difference / measure.shown(b) * 100), places: 1)) %."
      }
      questions.append(
        Question(
          text:
            "How did my \(stat) \(measure.short) from \(now.0.iso) to \(now.1.iso) compare with \(base.0.iso) to \(base.1.iso)?",
          claim: claim([
            "kind": "compare", "metric": .string(measure.short), "stat": .string(stat), "from": .string(now.0.iso),
            "to": .string(now.1.iso), "baseFrom": .string(base.0.iso), "baseTo": .string(base.1.iso),
          ]), sentence: sentence))
    }

    func workouts(_ type: String, _ stat: String, _ range: (CalendarDay, CalendarDay)) throws {
      let start = Int64(range.0.ordinal) * 86_400
      let end = Int64(range.1.ordinal + 1) * 86_400
      let rows = try database.rows(
        // A walk's distance is in its statistics when the workout carries no total.
        "SELECT activity_type, duration_seconds, coalesce(total_distance_km, (SELECT sum(s.sum) FROM "
          + "workout_statistics s WHERE s.workout_id = w.id AND s.type LIKE '%Distance%')) AS km FROM workouts w "
          + "WHERE start >= ? AND start < ?", [.integer(start), .integer(end)]
      ).filter { type == "any" || $0.text("activity_type")?.lowercased().hasSuffix(type) == true }
      let kind = type == "any" ? "workout" : "\(type) workout"
      let listed = plural(rows.count, kind)
      let spanText = span(range.0, range.1)
      let sentence: String
      switch stat {
      case "count": sentence = "You recorded \(listed) \(spanText)."
      case "duration":
        let minutes = rows.compactMap { $0.real("duration_seconds") }.reduce(0, +) / 60
        sentence = "Your \(kind)s \(spanText) lasted \(hoursAndMinutes(minutes / 60)) in all (\(listed))."
      default:
        let kilometres = rows.compactMap { $0.real("km") }.reduce(0, +)
        let written = trimmed(kilometres, places: kilometres < 10 ? 2 : 1)
        sentence = "Your \(kind)s \(spanText) covered \(written) km in all (\(listed))."
      }
      questions.append(
        Question(
          text: "What was the \(stat) of my \(type) workouts from \(range.0.iso) to \(range.1.iso)?",
          claim: claim([
            "kind": "workouts", "type": .string(type), "stat": .string(stat), "from": .string(range.0.iso),
            "to": .string(range.1.iso),
          ]), sentence: sentence))
    }

    for week in weeks {
      try stat(steps, "mean", week)
      try stat(steps, "total", week)
      try stat(energy, "total", week)
      try stat(exercise, "mean", week)
      try stat(resting, "mean", week)
      try stat(sleep, "mean", week)
      try extreme(steps, "highest", week)
      try extreme(sleep, "lowest", week)
      try count(exercise, ">=", 30, unit: "min", inUnit: 30, words: "at least", week)
    }
    for month in months {
      try stat(steps, "mean", month)
      try stat(steps, "total", month)
      try stat(sleep, "mean", month)
      try stat(resting, "median", month)
      try stat(exercise, "total", month)
      try stat(steps, "mean", month, on: "weekdays")
      try stat(steps, "mean", month, on: "weekends")
      try stat(steps, "mean", month, on: "monday")
      try stat(sleep, "mean", month, on: "saturday")
      try stat(steps, "max", month)
      try stat(steps, "days", month)
      try extreme(resting, "lowest", month)
      try count(steps, ">=", 10_000, unit: "steps", inUnit: 10_000, words: "at least", month)
      try count(sleep, ">=", 7, unit: "hours", inUnit: 7, words: "at least", month)
      try count(resting, "<", 60, unit: "bpm", inUnit: 60, words: "less than", month)
      try count(steps, ">=", 8_000, unit: "steps", inUnit: 8_000, words: "at least", month, streak: true)
      try count(sleep, ">", 420, unit: "minutes", inUnit: 7, words: "more than", month, streak: true)
      try workouts("any", "count", month)
      try workouts("running", "count", month)
      try workouts("running", "duration", month)
      try workouts("walking", "distance", month)
    }
    for index in 0..<5 {
      try compare(steps, "mean", weeks[index], weeks[index + 1])
      try compare(sleep, "mean", weeks[index], weeks[index + 1])
    }
    for index in 1..<5 {
      try compare(steps, "total", months[index], months[index - 1])
      try compare(resting, "mean", months[index], months[index - 1])
    }
    for back in [1, 2, 3, 9, 17, 40, 77, 120] {
      let single = day("2025-07-01").adding(days: -back)
      try stat(steps, "mean", (single, single))
    }
    return questions
  }

  // MARK: - The scripted model

  /// A model that answers each question it knows with `answer` and its claims at once.
  static func model(_ scripts: [String: JSONValue]) throws -> LoopbackServer {
    try LoopbackServer { request, _ in
      let body = JSONValue.parse(request.text)
      let question = body?["messages"]?.arrayValue?.first { $0["role"] == "user" }?["content"]?.stringValue ?? ""
      let arguments = JSONValue.object(["claims": .array(scripts[question].map { [$0] } ?? [])])
      let call = JSONValue.object([
        "id": "call_answer", "type": "function",
        "function": .object(["name": "answer", "arguments": .string(arguments.text)]),
      ])
      let reply = JSONValue.object([
        "choices": .array([
          .object([
            "index": .number(0),
            "message": .object(["role": "assistant", "content": "", "tool_calls": .array([call])]),
            "finish_reason": "tool_calls",
          ])
        ])
      ])
      return .respond(status: 200, headers: ["Content-Type": "application/json"], body: reply.text)
    }
  }

  /// What `panda ask` prints for `question`, asked of `server` on `data` as of `asOf`.
  static func ask(_ question: String, server: LoopbackServer, data: PlantedTrends, _ extra: [String] = []) async
    -> (status: ExitCode, output: String, error: String)
  {
    await runPanda(
      [
        "ask", question, "--db", data.path, "--as-of", asOf, "--provider", "openai", "--base-url",
        server.baseURL + "/v1", "--model", "scripted", "--timeout", "3600",
      ] + extra, environment: environment)
  }

  /// A reply that calls the tool `name` with `arguments`.
  static func toolReply(name: String, arguments: String, finish: String = "tool_calls") -> LoopbackServer.Reply {
    let call = JSONValue.object([
      "id": "call_1", "type": "function",
      "function": .object(["name": .string(name), "arguments": .string(arguments)]),
    ])
    let reply = JSONValue.object([
      "choices": .array([
        .object([
          "index": .number(0), "message": .object(["role": "assistant", "content": "", "tool_calls": .array([call])]),
          "finish_reason": .string(finish),
        ])
      ])
    ])
    return .respond(status: 200, headers: ["Content-Type": "application/json"], body: reply.text)
  }

  /// A reply in words, without a tool call.
  static func textReply(_ content: String, finish: String = "stop") -> LoopbackServer.Reply {
    let reply = JSONValue.object([
      "choices": .array([
        .object([
          "index": .number(0), "message": .object(["role": "assistant", "content": .string(content)]),
          "finish_reason": .string(finish),
        ])
      ])
    ])
    return .respond(status: 200, headers: ["Content-Type": "application/json"], body: reply.text)
  }

  // MARK: - Models that make mistakes

  /// A model that answers every request with `reply(question, request)`.
  static func modelReplying(_ reply: @escaping @Sendable (String, JSONValue?) -> LoopbackServer.Reply) throws
    -> LoopbackServer
  {
    try LoopbackServer { request, _ in
      let body = JSONValue.parse(request.text)
      let question = body?["messages"]?.arrayValue?.first { $0["role"] == "user" }?["content"]?.stringValue ?? ""
      return reply(question, body)
    }
  }

  /// A reply that calls `answer` with `claims`.
  static func answer(_ claims: [JSONValue]) -> LoopbackServer.Reply {
    toolReply(name: "answer", arguments: JSONValue.object(["claims": .array(claims)]).text)
  }
}
