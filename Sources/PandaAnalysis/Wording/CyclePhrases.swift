import PandaCore

/// The words of the cycle's section of the insights (`CycleSummary`): plain statements of the
/// recorded lengths and temperatures, never a prediction or advice.
package enum CyclePhrases {
  /// "Your last 12 cycles, from 2024-07-02 to 2025-06-15, lasted 28 days at the median;
  /// regular: 27 to 30 days.", or how many complete cycles there are when too few.
  static func lengths(_ summary: CycleSummary) -> String {
    guard let typical = summary.typicalLength, let shortest = summary.shortest, let longest = summary.longest,
      let from = summary.from, let through = summary.through
    else {
      let needed = "a typical length needs \(CycleSummary.minimumCycles)"
      switch summary.lengths.count {
      case 0:
        return "Health has no complete cycle recorded yet (one whose next period is recorded); \(needed)."
      case let count:
        let days = summary.lengths.map(String.init).joinedAsList
        return "Health has \(count.counted("complete cycle")) recorded (\(days) days); \(needed)."
      }
    }
    var sentence =
      "Your last \(summary.lengths.count.counted("cycle")), from \(from.iso) to \(through.iso), "
      + "lasted \(days(typical)) at the median; \(regularity(summary, shortest: shortest, longest: longest))."
    if summary.leftOut > 0 {
      let cycles = summary.leftOut == 1 ? "1 cycle of over" : "\(summary.leftOut) cycles of over"
      sentence +=
        " \(cycles) \(CycleCalendar.longestCycle) days in that time \(summary.leftOut == 1 ? "is" : "are") left out: "
        + "most likely a period was not recorded."
    }
    return sentence
  }

  /// "regular: 27 to 30 days", "varies: 24 to 38 days".
  static func regularity(_ summary: CycleSummary, shortest: Int, longest: Int) -> String {
    let range = shortest == longest ? "\(shortest) days each" : "\(shortest) to \(longest) days"
    return (summary.isRegular == true ? "regular: " : "varies: ") + range
  }

  /// "Your periods lasted about 5 days at the median."
  static func period(_ summary: CycleSummary) -> String? {
    summary.periodLength.map { "Your periods lasted about \(days($0)) at the median." }
  }

  /// "Your wrist temperature was 0.38 °C higher in the 14 days before each period than in the
  /// rest of the cycle (medians of 150 luteal and 190 other nights)."
  static func temperature(_ summary: CycleSummary) -> String? {
    guard let shift = summary.temperature else { return nil }
    let shown = MetricFormatter.decimal(abs(shift.shift), places: 2)
    let difference =
      shown == "0" ? "about the same" : "\(shown) °C \(shift.shift > 0 ? "higher" : "lower")"
    let comparison = shown == "0" ? "as" : "than"
    return
      "Your wrist temperature was \(difference) in the \(CycleCalendar.lutealDays) days before each period "
      + "\(comparison) in the rest of the cycle (medians of \(shift.lutealNights) luteal and "
      + "\(shift.follicularNights) other nights)."
  }

  /// "Your period is later than usual: day 36 of this cycle, your cycles usually last 27–30
  /// days."; `nil` when it is not.
  static func late(_ summary: CycleSummary) -> String? {
    guard summary.isLate, let current = summary.current, let shortest = summary.shortest,
      let longest = summary.longest
    else { return nil }
    let usual = shortest == longest ? "\(shortest)" : "\(shortest)–\(longest)"
    return
      "Your period is later than usual: day \(current.day) of this cycle, your cycles usually last \(usual) days "
      + "(this one started on \(current.start.iso))."
  }

  /// "Day 12 of the cycle that started on 2025-06-19."
  static func current(_ summary: CycleSummary) -> String? {
    summary.current.map { "Day \($0.day) of the cycle that started on \($0.start.iso)." }
  }

  /// The one line of the short report: a late period when it is, else the lengths in short
  /// ("Usually 28 days over your last 12 cycles, regular: 27 to 30 days; periods about 5 days.").
  static func line(_ summary: CycleSummary) -> String {
    if let late = late(summary) { return late }
    guard let typical = summary.typicalLength, let shortest = summary.shortest, let longest = summary.longest else {
      return lengths(summary)
    }
    var line =
      "Usually \(days(typical)) over your last \(summary.lengths.count.counted("cycle")), "
      + regularity(summary, shortest: shortest, longest: longest)
    if let period = summary.periodLength { line += "; periods about \(days(period))" }
    return line + "."
  }

  /// Every sentence of the section, in order: a late period, the lengths, the periods, the
  /// wrist temperature, the current cycle when it is not late.
  package static func sentences(_ summary: CycleSummary) -> [String] {
    let late = late(summary)
    return [late, lengths(summary), period(summary), temperature(summary), late == nil ? current(summary) : nil]
      .compactMap { $0 }
  }

  /// "28 days", "28.5 days", "1 day".
  private static func days(_ value: Double) -> String {
    "\(MetricFormatter.decimal(value, places: 1)) day\(value == 1 ? "" : "s")"
  }
}
