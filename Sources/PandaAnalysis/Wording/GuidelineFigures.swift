/// Public guideline figures a reply may cite in encouragement and suggestions ("most adults need
/// 7 to 9 hours of sleep"), each with the words that may follow it and where it comes from.
/// Figures about the person must still be panda's; these are advice, not measurements.
enum GuidelineFigures {
  /// One guideline: the figures it names, the unit words written after them, and its source.
  struct Entry: Sendable {
    var values: [Double]
    var unitWords: Set<String>
    var source: String
  }

  private static let hours: Set<String> = ["h", "hr", "hrs", "hour", "hours"]
  private static let minutes: Set<String> = ["min", "mins", "minute", "minutes"]

  /// The vetted catalogue.
  static let entries: [Entry] = [
    Entry(
      values: [7, 8, 9], unitWords: hours.union(["to", "or", "and", "a", "of", "each", "per"]),
      source:
        "National Sleep Foundation (Hirshkowitz et al., Sleep Health 2015): adults 7–9 h; AASM/SRS 2015: 7 or more"),
    Entry(
      values: [150, 300, 75], unitWords: minutes.union(["to", "or", "and", "a", "of"]),
      source: "WHO 2020 guidelines on physical activity: 150–300 min moderate or 75–150 min vigorous a week"),
    Entry(
      values: [2], unitWords: ["days", "day", "or", "times"],
      source: "WHO 2020: muscle-strengthening activities on 2 or more days a week"),
    Entry(
      values: [6000, 7000, 8000, 10000], unitWords: ["steps", "to", "or", "and", "a", "daily", "per", "each"],
      source:
        "Paluch et al., Lancet Public Health 2022: benefits level off near 6,000–8,000 steps (60+) and 8,000–10,000"),
    Entry(
      values: [30, 60, 1], unitWords: minutes.union(hours).union(["to", "or"]),
      source: "Sleep hygiene (AASM, CDC): screens off and winding down 30–60 minutes before bed"),
    Entry(
      values: [6], unitWords: hours,
      source: "Drake et al., J Clin Sleep Med 2013: caffeine 6 hours before bed still shortens sleep"),
    Entry(
      values: [5, 10], unitWords: minutes,
      source: "A short daily practice; no clinical threshold (consistency matters more than length)"),
    Entry(
      values: [60, 100], unitWords: ["bpm", "to", "beats"],
      source: "American Heart Association: resting heart rate of adults 60–100 bpm"),
    Entry(
      values: [120, 80], unitWords: ["mmhg", "over"],
      source: "ACC/AHA 2017: normal blood pressure below 120/80 mmHg"),
    Entry(
      values: [95, 100], unitWords: ["to", "%", "percent"],
      source: "Usual blood oxygen saturation 95–100 %"),
    Entry(
      values: [18.5, 24.9, 25], unitWords: ["to", "and", "or", "kg"],
      source: "WHO BMI categories: 18.5–24.9 healthy"),
    Entry(
      values: [80, 40, 3], unitWords: ["db", "dba", "hours", "h", "a", "per"],
      source:
        "WHO/ITU H.870 (2019), safe listening: adults up to 80 dB(A) for 40 hours a week; each 3 dB more halves it"),
  ]

  /// Whether `value`, followed by `unitWord`, is a figure of the catalogue.
  static func contains(_ value: Double, unitWord: String) -> Bool {
    entries.contains { entry in
      entry.values.contains { abs($0 - value) < 1e-9 } && (entry.unitWords.contains(unitWord) || unitWord.isEmpty)
    }
  }
}
