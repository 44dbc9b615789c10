import PandaCore

/// One night's sleep, from the sleep-analysis samples of all sources.
///
/// A night belongs to the day on which it ends: the window runs from noon the day before to noon
/// that day. Asleep time is the union of every source's asleep intervals, never their sum, so
/// a phone, a watch and a sleep app recording the same night count it once. Stages come from the
/// one source that reports the most staged time. In bed is the union of all the night's
/// intervals, in-bed, asleep and awake (being asleep implies being in bed); efficiency is given
/// only where in-bed records cover the time asleep.
package struct SleepNight: Equatable, Sendable {
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
  package static let inBedValue = "HKCategoryValueSleepAnalysisInBed"
  package static let awakeValue = "HKCategoryValueSleepAnalysisAwake"
  package static let coreValue = "HKCategoryValueSleepAnalysisAsleepCore"
  package static let deepValue = "HKCategoryValueSleepAnalysisAsleepDeep"
  package static let remValue = "HKCategoryValueSleepAnalysisAsleepREM"
  /// The share of the time asleep that in-bed records must cover for efficiency to be given.
  static let efficiencyCoverage = 0.9

  /// A night given by its measures, in hours (efficiency in percent).
  init(
    asleep: Double?, inBed: Double?, deep: Double?, rem: Double?, core: Double?, awake: Double?, efficiency: Double?
  ) {
    self.asleep = asleep
    self.inBed = inBed
    self.deep = deep
    self.rem = rem
    self.core = core
    self.awake = awake
    self.efficiency = efficiency
  }

  /// A night as Health Auto Export summarises it (hours, stages where the app gives them). In
  /// bed is at least the time asleep and awake, as for recorded nights; efficiency is given only
  /// where the phone recorded in-bed time covering most of the sleep (`efficiencyCoverage`).
  static func summarised(
    asleep: Double?, recordedInBed: Double?, deep: Double?, rem: Double?, core: Double?, awake: Double?
  ) -> SleepNight? {
    let inBed = max(recordedInBed ?? 0, (asleep ?? 0) + (awake ?? 0))
    guard asleep != nil || inBed > 0 else { return nil }
    var efficiency: Double?
    if let asleep, let recordedInBed, recordedInBed >= efficiencyCoverage * asleep {
      efficiency = min(100, asleep / inBed * 100)
    }
    return SleepNight(
      asleep: asleep, inBed: inBed > 0 ? inBed : nil, deep: deep, rem: rem, core: core, awake: awake,
      efficiency: efficiency)
  }

  /// The night in `window` (noon to noon), or `nil` when nothing was recorded in it.
  package static func recorded(samples: [DailySample], window: Range<Int64>) -> SleepNight? {
    func hours(_ selected: [DailySample]) -> Double? {
      guard !selected.isEmpty else { return nil }
      let seconds = Intervals.unionLength(selected.map { ($0.start, $0.end) }, within: window)
      return seconds > 0 ? Double(seconds) / 3_600 : nil
    }
    let inWindow = samples.filter { $0.start < window.upperBound && $0.end > window.lowerBound }
    guard !inWindow.isEmpty else { return nil }
    let asleepSamples = inWindow.filter { Self.asleepValues.contains($0.category ?? "") }
    let inBedSamples = inWindow.filter { $0.category == Self.inBedValue }
    let asleep = hours(asleepSamples)
    // Asleep or awake in the night means in bed: in bed is the union of every interval, so it is
    // never shorter than asleep, even when the in-bed records cover only part of the night.
    let inBed = hours(inWindow)

    var deep: Double?
    var rem: Double?
    var core: Double?
    let awake: Double?
    if let stager = Self.stager(of: inWindow) {
      let fromStager = inWindow.filter { $0.source == stager }
      deep = hours(fromStager.filter { $0.category == Self.deepValue }) ?? 0
      rem = hours(fromStager.filter { $0.category == Self.remValue }) ?? 0
      core = hours(fromStager.filter { $0.category == Self.coreValue }) ?? 0
      awake = hours(fromStager.filter { $0.category == Self.awakeValue }) ?? 0
    } else {
      awake = hours(inWindow.filter { $0.category == Self.awakeValue })
    }
    // Efficiency needs a source that recorded going to bed: only where in-bed records cover at
    // least `efficiencyCoverage` of the time asleep. Otherwise in bed is the sleep itself and the
    // ratio would say 100 % about nothing.
    var efficiency: Double?
    if let asleep, let inBed, inBed > 0, let recordedInBed = hours(inBedSamples),
      let both = hours(asleepSamples + inBedSamples),
      asleep + recordedInBed - both >= Self.efficiencyCoverage * asleep
    {
      efficiency = min(100, asleep / inBed * 100)
    }
    if asleep == nil && inBed == nil { return nil }
    return SleepNight(
      asleep: asleep, inBed: inBed, deep: deep, rem: rem, core: core, awake: awake, efficiency: efficiency)
  }

  /// The source the night's stages are taken from: the one that reports the most staged time
  /// (the lower id on a tie), or `nil` when no source reports stages.
  static func stager(of samples: [DailySample]) -> Int64? {
    let stages: Set<String> = [coreValue, deepValue, remValue]
    var stagedSeconds: [Int64: Int64] = [:]
    for sample in samples where stages.contains(sample.category ?? "") {
      stagedSeconds[sample.source, default: 0] += sample.end - sample.start
    }
    return stagedSeconds.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) })?.key
  }

  /// The night's value of `measure`.
  package func value(_ measure: Metric.SleepMeasure) -> Double? {
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
