import PandaCore

/// A tool call's arguments, read with the checks every tool shares: known names, the right
/// types, dates as `YYYY-MM-DD` and not in the future, metric ids from the catalogue.
struct ToolArguments: Sendable {
  /// The tool being called, for the messages.
  let tool: String
  /// The arguments as given.
  let values: [String: JSONValue]
  /// The day no date may be after.
  package let today: CalendarDay

  /// Checks `arguments` against `tool`: an object, with no argument the tool does not take and
  /// every one it needs.
  init(_ arguments: JSONValue?, for tool: HealthTool, today: CalendarDay) throws(ToolError) {
    self.tool = tool.name
    self.today = today
    switch arguments {
    case .none, .null?: values = [:]
    case .object(let members)?: values = members
    default: throw ToolError("The arguments of \(tool.name) must be a JSON object.")
    }
    for (name, value) in values {
      if name.utf8.count > Self.longestString {
        throw ToolError("An argument name is \(name.utf8.count) bytes long: \"\(Self.quoted(name))\".")
      }
      if let length = Self.longestString(in: value), length > Self.longestString {
        throw ToolError(
          "\(name) is \(length) bytes long; an argument is at most \(Self.longestString) bytes. "
            + "It begins \"\(Self.quoted(value.stringValue ?? value.text))\".")
      }
    }
    let known = tool.argumentNames
    for name in values.keys.sorted() where !known.contains(name) {
      let takes = known.isEmpty ? "takes no arguments" : "takes " + known.joined(separator: ", ")
      let nearest = Suggestion.nearest(to: name, among: known).map { " Did you mean \($0)?" } ?? ""
      throw ToolError("\(tool.name) has no argument \(Self.quoted(name)); it \(takes).\(nearest)")
    }
    for name in tool.requiredArguments where values[name] == nil || values[name] == .null {
      let example = Self.examples[name] ?? "\"…\""
      throw .missing(name, tool: tool.name, example: "\(name): \(example)")
    }
  }

  /// The longest string argument accepted, in bytes: longer ones are refused before any is
  /// matched against names (which takes time that grows with the input).
  static let longestString = 1_024
  /// The most characters of a caller's text an error quotes.
  static let longestQuote = 80

  /// `text` as an error quotes it: at most `longestQuote` characters, control characters escaped.
  static func quoted(_ text: String) -> String {
    EchoedText.quoted(text, limit: longestQuote)
  }

  /// The length in bytes of the longest string in `value` (nested ones too), if it holds any.
  private static func longestString(in value: JSONValue) -> Int? {
    switch value {
    case .string(let text): text.utf8.count
    case .array(let items): items.compactMap(longestString(in:)).max()
    case .object(let members): (members.keys.map(\.utf8.count) + members.values.compactMap(longestString(in:))).max()
    default: nil
    }
  }

  private static let examples: [String: String] = [
    "metric": "\"activity.steps\"", "date": "\"2025-06-01\"", "from": "\"2025-06-01\"", "to": "\"2025-06-30\"",
    "current_from": "\"2025-06-01\"", "current_to": "\"2025-06-30\"", "baseline_from": "\"2025-05-01\"",
    "baseline_to": "\"2025-05-31\"",
  ]

  /// The string argument `name`, if given.
  func string(_ name: String) throws(ToolError) -> String? {
    switch values[name] {
    case .none, .null?: return nil
    case .string(let text)?: return text
    default: throw ToolError("\(name) must be a string.")
    }
  }

  /// The date argument `name` (`YYYY-MM-DD`, today or earlier), if given.
  package func day(_ name: String) throws(ToolError) -> CalendarDay? {
    guard let text = try string(name) else { return nil }
    guard let day = CalendarDay(iso: text) else {
      throw ToolError(
        "\(name) must be a date written YYYY-MM-DD, such as \(today.iso); \"\(Self.quoted(text))\" is not one.")
    }
    guard day <= today else {
      throw ToolError("\(name) is \(text), in the future: today is \(today.iso). Use \(today.iso) or earlier.")
    }
    return day
  }

  /// The required date argument `name`.
  func requiredDay(_ name: String) throws(ToolError) -> CalendarDay {
    guard let day = try day(name) else { throw .missing(name, tool: tool, example: "\(name): \"\(today.iso)\"") }
    return day
  }

  /// `from` and `to` (or the names given), the second on or after the first.
  func period(_ fromName: String = "from", _ toName: String = "to") throws(ToolError) -> DayRange {
    try Self.range(from: try requiredDay(fromName), through: try requiredDay(toName), fromName, toName)
  }

  /// The days from `from` through `to`, or the one error for a `from` after `to` (the arguments
  /// named `fromName` and `toName`).
  static func range(
    from: CalendarDay, through to: CalendarDay, _ fromName: String = "from", _ toName: String = "to"
  ) throws(ToolError) -> DayRange {
    guard let range = DayRange(from: from, through: to) else {
      throw ToolError(
        "\(fromName) (\(from.iso)) is after \(toName) (\(to.iso)): give the earlier day as \(fromName).")
    }
    return range
  }

  /// The catalogue metric the argument `name` names, or an error naming the nearest id.
  package func metric(_ name: String = "metric") throws(ToolError) -> Metric {
    guard let id = try string(name) else { throw .missing(name, tool: tool, example: "\"activity.steps\"") }
    return try Self.metric(named: id)
  }

  /// The catalogue metric `id` names (an id or a short name), or an error naming the nearest id.
  package static func metric(named id: String) throws(ToolError) -> Metric {
    if let metric = MetricCatalogue.metric(id) { return metric }
    // A short name people type (`steps`, `mindful`), as the command line takes it.
    do {
      return try MetricArgument.metric(id)
    } catch .ambiguousMetric(_, let candidates) {
      throw ToolError(
        "'\(Self.quoted(id))' could mean \(candidates.joined(separator: " or ")): which one? Name it by its id.")
    } catch {}
    // Suggestions come from names and short names, as the command line makes them: an id's
    // spelling alone puts sleep.rem nearest to "steps".
    let hint = Self.nearestMetrics(to: id)
    throw ToolError("There is no metric \(Self.quoted(id)).\(hint) Call list_metrics for every id.")
  }

  /// " The nearest is activity.steps." for a metric name not in the catalogue, naming the ids
  /// whose names or short names come nearest; empty when none is near.
  static func nearestMetrics(to text: String) -> String {
    // A short name of one metric (`heart_rate`, where an id is needed) names that metric alone.
    if let metric = try? MetricArgument.metric(text) { return " The nearest is \(metric.id)." }
    let nearest = MetricArgument.nearest(toName: text)
    guard let first = nearest.first else { return "" }
    guard nearest.count > 1 else { return " The nearest is \(first)." }
    return " The nearest are \(nearest.dropLast().joined(separator: ", ")) and \(nearest[nearest.count - 1])."
  }

  /// The string argument `name`, which must be one of `allowed`.
  func choice(_ name: String, among allowed: [String]) throws(ToolError) -> String? {
    guard let value = try string(name) else { return nil }
    guard allowed.contains(value) else {
      let nearest = Suggestion.nearest(to: value, among: allowed).map { " Did you mean \($0)?" } ?? ""
      throw ToolError(
        "\(name) must be one of \(allowed.joined(separator: ", ")); \"\(Self.quoted(value))\" is not.\(nearest)")
    }
    return value
  }
}
