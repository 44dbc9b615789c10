/// One night's sleep, from the sleep-analysis samples of all sources.
///
/// A night belongs to the day on which it ends: the window runs from noon the day before to noon
/// that day. Asleep time is the union of every source's asleep intervals, never their sum, so
/// a phone, a watch and a sleep app recording the same night count it once. Stages come from the
/// one source that reports the most staged time. In bed is the union of in-bed intervals, or of
/// all sleep intervals when no source wrote any (being asleep implies being in bed).
struct SleepNight: Equatable, Sendable {
  var asleep: Double?
  var inBed: Double?
  var deep: Double?
  var rem: Double?
  var core: Double?
  var awake: Double?
  var efficiency: Double?

  static let asleepValues: Set<String> = [
    "HKCategoryValueSleepAnalysisAsleep", "HKCategoryValueSleepAnalysisAsleepUnspecified",
    "HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep",
    "HKCategoryValueSleepAnalysisAsleepREM",
  ]
  static let inBedValue = "HKCategoryValueSleepAnalysisInBed"
  static let awakeValue = "HKCategoryValueSleepAnalysisAwake"
  static let coreValue = "HKCategoryValueSleepAnalysisAsleepCore"
  static let deepValue = "HKCategoryValueSleepAnalysisAsleepDeep"
  static let remValue = "HKCategoryValueSleepAnalysisAsleepREM"

  /// The night in `window` (noon to noon), or `nil` when nothing was recorded in it.
  init?(samples: [DailySample], window: Range<Int64>) {
    func hours(_ selected: [DailySample]) -> Double? {
      guard !selected.isEmpty else { return nil }
      let seconds = Intervals.unionLength(selected.map { ($0.start, $0.end) }, within: window)
      return seconds > 0 ? Double(seconds) / 3_600 : nil
    }
    let inWindow = samples.filter { $0.start < window.upperBound && $0.end > window.lowerBound }
    guard !inWindow.isEmpty else { return nil }
    asleep = hours(inWindow.filter { Self.asleepValues.contains($0.category ?? "") })
    inBed = hours(inWindow.filter { $0.category == Self.inBedValue }) ?? hours(inWindow)

    let stages: Set<String> = [Self.coreValue, Self.deepValue, Self.remValue]
    var stagedSeconds: [Int64: Int64] = [:]
    for sample in inWindow where stages.contains(sample.category ?? "") {
      stagedSeconds[sample.source, default: 0] += sample.end - sample.start
    }
    if let stager = stagedSeconds.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) })?.key {
      let fromStager = inWindow.filter { $0.source == stager }
      deep = hours(fromStager.filter { $0.category == Self.deepValue }) ?? 0
      rem = hours(fromStager.filter { $0.category == Self.remValue }) ?? 0
      core = hours(fromStager.filter { $0.category == Self.coreValue }) ?? 0
      awake = hours(fromStager.filter { $0.category == Self.awakeValue }) ?? 0
    } else {
      awake = hours(inWindow.filter { $0.category == Self.awakeValue })
    }
    if let asleep, let inBed, inBed > 0 {
      efficiency = min(100, asleep / inBed * 100)
    }
    if asleep == nil && inBed == nil { return nil }
  }

  func value(_ measure: Metric.SleepMeasure) -> Double? {
    switch measure {
    case .asleep: asleep
    case .inBed: inBed
    case .deep: deep
    case .rem: rem
    case .core: core
    case .awake: awake
    case .efficiency: efficiency
    }
  }
}
