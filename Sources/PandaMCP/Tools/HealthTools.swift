import Foundation
import PandaCore

/// The tools panda offers models, and how a call is answered: arguments checked, the tool run,
/// its answer or the sentence saying what to fix.
enum HealthTools {
  /// Every tool, in the order clients list them.
  static let all: [HealthTool] = [
    .listMetrics, .dailyValues, .metricsOn, .comparePeriods, .insights, .workouts, .periodSummary, .bestWorstDays,
    .daySources, .relations, .alerts, .tags,
  ]

  /// The tool called `name`.
  static func tool(named name: String) -> HealthTool? { all.first { $0.name == name } }

  /// Answers a call of `name` with `arguments` in `context`. Bad arguments and unreadable data
  /// come back as an error result, never thrown.
  static func call(_ name: String, arguments: JSONValue?, context: ToolContext) async -> ToolResult {
    guard let tool = tool(named: name) else {
      let nearest =
        name.utf8.count > ToolArguments.longestString
        ? "" : Suggestion.nearest(to: name, among: all.map(\.name)).map { " Did you mean \($0)?" } ?? ""
      return failure(
        "There is no tool \(ToolArguments.quoted(name)).\(nearest) The tools are \(all.map(\.name).joined(separator: ", "))."
      )
    }
    do {
      let checked = try ToolArguments(arguments, for: tool, today: context.today)
      let answer = try await tool.handler(checked, context)
      return ToolResult(structured: answer, text: answer.text, isError: false)
    } catch let error as ToolError {
      return failure(error.message)
    } catch {
      return failure("The data could not be read: \(error). Try again; if it persists, run panda doctor.")
    }
  }

  private static func failure(_ message: String) -> ToolResult {
    ToolResult(structured: nil, text: message, isError: true)
  }

  /// The JSON of an encodable value, as a tool answers with it.
  static func json(_ value: some Encodable) throws -> JSONValue {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let text = String(decoding: try encoder.encode(value), as: UTF8.self)
    guard let json = JSONValue.parse(text) else { throw ToolError("The answer could not be written as JSON.") }
    return json
  }

  /// `as_of`, `from` and `to`: the day looked from and the days looked at, `defaultLength` days
  /// up to the day before `as_of` unless given.
  static func window(
    _ arguments: ToolArguments, context: ToolContext, defaultLength: Int
  ) throws(ToolError) -> (asOf: CalendarDay, days: DayRange) {
    let asOf = try arguments.day("as_of") ?? context.today
    let to = try arguments.day("to") ?? asOf.adding(days: -1)
    let from = try arguments.day("from") ?? to.adding(days: 1 - defaultLength)
    return (asOf, try ToolArguments.range(from: from, through: to))
  }
}
