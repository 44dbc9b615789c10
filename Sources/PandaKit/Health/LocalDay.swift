import Foundation

/// Calendar days in a time zone, with its daylight-saving rules.
enum LocalDay {
  /// The `YYYY-MM-DD` day on which `instant` (seconds since 1970) falls in `zone`.
  static func string(_ instant: Int64, in zone: TimeZone) -> String {
    let offset = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))))
    let local = instant + offset
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    return ExportTimestamp.day(days)
  }
}
