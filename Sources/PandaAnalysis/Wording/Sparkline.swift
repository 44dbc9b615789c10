/// Draws a series as a one-line chart: `▁▂▃▅▇`.
enum Sparkline {
  private static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  /// One bar per value, scaled between the series' lowest and highest; a gap for a missing day.
  static func draw(_ values: [Double?]) -> String {
    let present = values.compactMap { $0 }
    guard let low = present.min(), let high = present.max() else { return "" }
    return String(
      values.map { value -> Character in
        guard let value else { return " " }
        guard high > low else { return bars[3] }
        let index = Int(((value - low) / (high - low) * Double(bars.count - 1)).rounded())
        return bars[min(bars.count - 1, max(0, index))]
      })
  }
}
