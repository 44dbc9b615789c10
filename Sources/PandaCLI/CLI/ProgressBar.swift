import PandaImport

/// Renders an import's progress as one terminal line.
enum ProgressBar {
  /// `[#########-----------]  45%  512/1100 MB  312k records/s  ETA 0:04`
  static func line(_ progress: ImportProgress, width: Int = 24) -> String {
    let fraction =
      progress.totalBytes > 0 ? min(1, max(0, Double(progress.bytesRead) / Double(progress.totalBytes))) : 0
    let filled = Int((fraction * Double(width)).rounded(.down))
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    let percent = Int((fraction * 100).rounded(.down))
    let rate = progress.elapsed > 0 ? Double(progress.records) / progress.elapsed : 0
    // Below 10 MB a whole number would read "0/9 MB" for most of the import: one decimal then.
    let tenths = progress.totalBytes < 10_000_000
    var line =
      "[\(bar)] \(pad(percent, 3))%  "
      + "\(megabytes(progress.bytesRead, tenths: tenths))/\(megabytes(progress.totalBytes, tenths: tenths)) MB"
    line += "  \(compact(rate)) records/s"
    if fraction > 0.01 && fraction < 1 {
      let remaining = progress.elapsed * (1 - fraction) / fraction
      line += "  ETA \(clock(remaining))"
    }
    return line
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// Whole megabytes, or with one decimal (`0.4`), rounded down.
  private static func megabytes(_ bytes: Int64, tenths: Bool) -> String {
    guard tenths else { return String(bytes / 1_000_000) }
    let count = max(0, bytes) / 100_000
    return "\(count / 10).\(count % 10)"
  }

  /// `950`, `12k`, `1.2M`.
  static func compact(_ value: Double) -> String {
    switch value {
    case ..<1_000: String(Int(value))
    case ..<1_000_000: "\(Int(value / 1_000))k"
    default: "\(Int(value / 100_000) / 10).\(Int(value / 100_000) % 10)M"
    }
  }

  /// `0:04`, `12:30`.
  static func clock(_ seconds: Double) -> String {
    let total = Int(seconds.rounded(.up))
    let secondsPart = total % 60
    return "\(total / 60):\(secondsPart < 10 ? "0" : "")\(secondsPart)"
  }
}
