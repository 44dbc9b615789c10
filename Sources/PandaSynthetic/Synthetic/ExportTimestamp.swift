import PandaCore

/// Formats instants the way the export writes them: `2024-05-01 07:30:00 +0200`.
struct ExportTimestamp {
  /// The export-time offset written after every timestamp, in seconds east of UTC.
  let offsetSeconds: Int

  func format(_ instant: Int64) -> String {
    let local = instant + Int64(offsetSeconds)
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let secondsOfDay = Int(local - days * 86_400)
    let sign = offsetSeconds < 0 ? "-" : "+"
    let offset = abs(offsetSeconds)
    return "\(CalendarDay(ordinal: Int(days)).iso) \(two(secondsOfDay / 3_600)):\(two(secondsOfDay / 60 % 60)):"
      + "\(two(secondsOfDay % 60)) \(sign)\(two(offset / 3_600))\(two(offset / 60 % 60))"
  }
}

private func two(_ value: Int) -> String {
  value < 10 ? "0\(value)" : String(value)
}
