import Foundation

/// Sizes as people write them (`64MB`, `500KB`, `1048576`), and as the log shows them (`1.2 MB`).
/// KB, MB and GB are 1024, 1024² and 1024³ bytes.
package enum ByteSize {
  private static let units: [(suffix: String, factor: Int)] = [
    ("GB", 1 << 30), ("G", 1 << 30), ("MB", 1 << 20), ("M", 1 << 20), ("KB", 1 << 10), ("K", 1 << 10),
    ("B", 1),
  ]

  /// The bytes `text` names, or `nil` when it is not a size: a whole or decimal number, an
  /// optional unit (B, K, KB, M, MB, G, GB, any case), at least 1 byte and at most 64 GB.
  package static func parse(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
    var number = Substring(trimmed)
    var factor = 1
    for unit in units where trimmed.hasSuffix(unit.suffix) {
      number = trimmed.dropLast(unit.suffix.count)
      factor = unit.factor
      break
    }
    number = Substring(number.trimmingCharacters(in: .whitespaces))
    guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
      let value = Double(number), value.isFinite
    else { return nil }
    let bytes = (value * Double(factor)).rounded(.down)
    guard bytes >= 1, bytes <= Double(64 << 30) else { return nil }
    return Int(bytes)
  }

  /// `812 B`, `3.4 KB`, `1.2 MB`, `1.1 GB`: one decimal from KB up.
  package static func text(_ bytes: Int) -> String {
    if bytes < 1 << 10 { return "\(bytes) B" }
    for (suffix, factor) in [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)] where bytes >= factor {
      return String(format: "%.1f", Double(bytes) / Double(factor)) + " " + suffix
    }
    return "\(bytes) B"
  }
}
