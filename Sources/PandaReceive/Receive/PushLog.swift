import Foundation

/// The lines `panda receive` writes on standard error: one per push, and one per queued push
/// once it is imported. They carry sizes, counts and statuses, never a token or a health value.
package enum PushLog {
  /// `2026-11-25T08:00:00Z push 1.2 MB 3,412 records 120 new 200`, or for a refusal
  /// `2026-11-25T08:00:00Z push 5.0 MB 413 too large`.
  static func push(at date: Date, bytes: Int, summary: PushSummary?, records: Int?, status: Int, note: String?)
    -> String
  {
    var parts = [timestamp(date), "push", ByteSize.text(bytes)]
    if let summary {
      parts += ["\(grouped(summary.records)) records", "\(grouped(summary.inserted)) new"]
      if summary.updated > 0 { parts.append("\(grouped(summary.updated)) updated") }
    } else if let records {
      parts.append("\(grouped(records)) records")
    }
    parts.append(String(status))
    if let note { parts.append(note) }
    return parts.joined(separator: " ")
  }

  /// `2026-11-25T08:00:05Z import push-….json 3,412 records 120 new`: a queued push stored.
  static func imported(at date: Date, name: String, summary: PushSummary) -> String {
    var line = "\(timestamp(date)) import \(name) \(grouped(summary.records)) records \(grouped(summary.inserted)) new"
    if summary.updated > 0 { line += " \(grouped(summary.updated)) updated" }
    return line
  }

  /// `2026-11-25T08:00:00Z <text>`.
  static func note(at date: Date, _ text: String) -> String { "\(timestamp(date)) \(text)" }

  /// The UTC time to the second, ISO 8601.
  package static func timestamp(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
      Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
  }

  /// `3,412`.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return (number < 0 ? "-" : "") + text
  }
}
