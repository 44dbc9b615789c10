/// A log entry or change panda refuses; each message says what would be accepted.
package enum TrackingError: Error, Equatable, CustomStringConvertible {
  /// A type panda does not log, with the name it probably meant.
  case unknownType(String, suggestion: String? = nil)
  case unreadableQuantity(String, type: String, examples: String)
  case notPositive(String, type: String)
  case implausible(String, type: String, range: String)
  /// Implausible once the comma of `grouped` (`1,500`) is read as a thousands separator.
  case implausibleThousands(String, type: String, grouped: String, range: String)
  /// `1.500 ml`: plausible both as a decimal and with a thousands point.
  case ambiguousPoint(String, decimal: String, thousands: String, unit: String)
  case overDailyLimit(type: String, day: String, total: String, limit: String)
  case unreadableTime(String)
  case future(String)
  case unknownEntry(Int64)
  /// A tag name with characters other than letters, digits, spaces, hyphens and underscores.
  case unreadableTag(String)

  /// `1,500` read with a decimal comma, as it would be typed with a point: `1.5`.
  private static func decimal(_ grouped: String) -> String {
    var text = grouped.replacingOccurrences(of: ",", with: ".")
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  package var description: String {
    switch self {
    case .unknownType(let name, let suggestion):
      "unknown type '\(name)'" + (suggestion.map { "; did you mean \($0)? Types:" } ?? ": log one of")
        + " \(LogType.all.map(\.name).joined(separator: ", "))"
    case .unreadableQuantity(let text, let type, let examples):
      "cannot read '\(text)' as an amount of \(type): write it like \(examples)"
    case .notPositive(let text, let type):
      "'\(text)' is not a positive amount of \(type)"
    case .implausible(let text, let type, let range):
      "'\(text)' is not a plausible \(type) entry: panda accepts \(range)"
    case .implausibleThousands(let text, let type, let grouped, let range):
      "'\(text)' is not a plausible \(type) entry: panda reads \(grouped) as "
        + "\(grouped.replacingOccurrences(of: ",", with: "")) (a comma before three digits separates thousands) "
        + "and accepts \(range)"
        + (grouped.filter { $0 == "," }.count == 1 && !grouped.contains(".")
          ? "; if you meant a decimal, write \(Self.decimal(grouped))" : "")
    case .ambiguousPoint(let text, let decimal, let thousands, let unit):
      "'\(text)' could be \(decimal) \(unit) or \(thousands) \(unit): write \(decimal) or "
        + "\(thousands.replacingOccurrences(of: ",", with: "")) to say which"
    case .overDailyLimit(let type, let day, let total, let limit):
      "\(type) on \(day) would add up to \(total), more than the \(limit) a day can plausibly hold"
    case .unreadableTime(let text):
      "cannot read the time '\(text)': write now, today, yesterday, today 08:30, yesterday 21:00, HH:MM, "
        + "YYYY-MM-DD or 'YYYY-MM-DD HH:MM'"
    case .future(let text): "'\(text)' is in the future: only what already happened can be logged"
    case .unknownEntry(let id): "there is no log entry \(id): 'panda log list' shows the ids"
    case .unreadableTag(let name):
      "cannot read '\(name)' as a tag: use letters, digits and hyphens, up to \(LogTag.maximumLength) characters "
        + "(e.g. \(LogTag.suggested.prefix(3).joined(separator: ", ")))"
    }
  }
}
