import PandaAnalysis
import PandaCore

/// A deterministic, realistic Apple Health export for tests, the benchmark and the demo.
///
/// It has what real exports have: the DTD, records grouped by type, an iPhone and an Apple Watch
/// that both count the same walks (with shifted boundaries) and the watch off its charger-free
/// hours, per-minute active energy, heart rate with metadata, HRV with beat lists, sleep stages
/// beside an in-bed record from the phone, workouts with statistics, events and routes, blood
/// pressure correlations, activity summaries, runs and lunchtime walks, the iPhone's gait
/// measures (walking speed, step length, asymmetry, double support) and headphone levels. About 0.6 MB per day, or 0.1 MB in the light
/// detail the demo uses.
///
/// Trends are planted in the last 60 days, so that the insights have something true to find:
/// steps, resting heart rate and HRV improve; sleep and mindful minutes decline; respiratory rate
/// stays flat.
package struct SyntheticExport: Sendable {
  /// How many days of data, ending on `lastDay`.
  var days: Int
  /// The seed: the same seed and days give byte-identical output.
  var seed: UInt64
  /// The last day with data, as days since 1970-01-01 in the export's offset.
  package var lastDay: Int64
  /// The offset the export writes after every timestamp, in seconds east of UTC.
  package var offsetSeconds: Int
  /// How finely per-minute data is written.
  var detail: Detail
  /// Whether the watch writes its own resting heart rate each day, as the Apple Watch does. Without
  /// it the person is like one whose tracker writes heart rate and steps only: no
  /// `RestingHeartRate` records, and heart rate every minute (every 5 in light detail, every 10
  /// in sparse), at the day's resting level when still and higher during walks and the 12 minutes
  /// after them, so that panda derives the resting heart rate (with its planted trend).
  package var writesRestingHeartRate = true
  /// Tags logged on random days (none by default): the HRV and resting heart rate records of the
  /// day after a tagged day carry its `heart.hrv` and `heart.restingHeartRate` effects. An export
  /// holds no tags; `tagDays()` says which days to log them on.
  package var tags: [PlantedTag] = []
  /// Menstrual cycles: Health's `MenstrualFlow` records on each period's days, the first marked
  /// as the cycle's start (`HKMenstrualCycleStart`), and the luteal phase's shift of resting heart
  /// rate and HRV. `nil` (the default) writes neither.
  package var cycles: MenstrualCycles?
  /// Illnesses (none by default): their symptoms, which Health records at moderate severity
  /// (`PlantedIllness.symptoms`), and their body signals as `SyntheticDays` plants them: resting
  /// heart rate up by the illness's rise at its height, HRV down and respiratory rate up in
  /// proportion, steps down and sleep longer while the symptoms last.
  package var illnesses: [PlantedIllness] = []

  /// How much data a day holds.
  package enum Detail: Sendable {
    /// Energy every minute, heart rate every 5 minutes: the size of a real export.
    case full
    /// Energy every 10 minutes, heart rate every 20 minutes: quick to generate and import.
    case light
    /// Energy and heart rate every hour, a few long walks a day, short HRV beat lists: the
    /// smallest export whose daily values are like the others', for sweeping many seeds.
    case sparse
  }

  /// Days over which the planted trends unfold, ending on the last day.
  static let trendDays = 60

  /// The claims the planted trends should earn in weekly and monthly insights on the last day.
  package static let plantedClaims: [String: Assessment] = [
    "activity.steps": .improving, "activity.distance": .improving, "heart.restingHeartRate": .improving,
    "heart.hrv": .improving, "sleep.asleep": .declining, "mindfulness.mindfulMinutes": .declining,
  ]

  /// The metrics drawn the same way every day, with no trend at all: any claim about them is false.
  package static let trendlessMetrics: [String] = [
    "activity.activeEnergy", "activity.exerciseMinutes", "activity.standHours", "activity.flightsClimbed",
    "activity.workouts", "activity.workoutMinutes", "activity.workoutDistance", "activity.workoutEnergy",
    "heart.heartRate", "heart.walkingHeartRate", "heart.vo2Max", "heart.bloodPressureSystolic",
    "heart.bloodPressureDiastolic", "respiratory.respiratoryRate", "respiratory.oxygenSaturation", "body.bodyMass",
    "nutrition.water", "mobility.walkingSpeed", "mobility.stepLength", "mobility.walkingAsymmetry",
    "mobility.doubleSupport", "hearing.headphoneAudio",
  ]

  /// 2025-06-30, the default last day.
  package static let defaultLastDay = HealthDate.daysSinceEpoch(year: 2025, month: 6, day: 30)

  package init(
    days: Int, seed: UInt64 = 1, lastDay: Int64 = defaultLastDay, offsetSeconds: Int = 7_200, detail: Detail = .full
  ) {
    self.days = days
    self.seed = seed
    self.lastDay = lastDay
    self.offsetSeconds = offsetSeconds
    self.detail = detail
  }

  /// How far the planted trends have gone on a day: 0 until 60 days before the end, then
  /// rising evenly to 1 on the last day.
  func progress(_ dayIndex: Int) -> Double {
    let start = days - Self.trendDays
    return min(1, max(0, Double(dayIndex - start) / Double(Self.trendDays - 1)))
  }

  private static let watchSource = "Sam’s Apple Watch"
  private static let phoneSource = "Sam&#8217;s iPhone"

  /// Writes the export's XML to `output`, a piece at a time.
  func write(to output: (String) throws -> Void) throws {
    let time = ExportTimestamp(offsetSeconds: offsetSeconds)
    // Made at 06:00 the morning after the last day: in any zone from UTC−4 on, that is after
    // the last day has ended, so the last day is whole rather than cut short by the export.
    try output(Self.header(exportDate: time.format((lastDay + 1) * 86_400 - Int64(offsetSeconds) + 6 * 3_600)))
    var buffer = ""
    buffer.reserveCapacity(1 << 20)
    func flush(_ force: Bool = false) throws {
      if force || buffer.utf8.count > 1 << 20 {
        try output(buffer)
        buffer.removeAll(keepingCapacity: true)
      }
    }
    for kind in RecordKind.allCases {
      var random = SeededGenerator(seed: seed &* 1_000_003 &+ UInt64(kind.rawValue))
      for index in 0..<days {
        let day = lastDay - Int64(days - 1 - index)
        let midnight = day * 86_400 - Int64(offsetSeconds)
        records(kind, dayIndex: index, midnight: midnight, random: &random, time: time, into: &buffer)
        try flush()
      }
    }
    categoryRecords(time: time, into: &buffer)
    try flush()
    var random = SeededGenerator(seed: seed &* 7_919)
    for index in 0..<days {
      let day = lastDay - Int64(days - 1 - index)
      let midnight = day * 86_400 - Int64(offsetSeconds)
      if index % 7 == 3 { bloodPressure(midnight: midnight, random: &random, time: time, into: &buffer) }
      if index % 2 == 0 { workout(.running, midnight: midnight, random: &random, time: time, into: &buffer) }
      // A walk every third day, counted from the last day so that the demo's yesterday has one.
      if (days - 1 - index) % 3 == 0 {
        workout(.walking, midnight: midnight, random: &random, time: time, into: &buffer)
      }
      try flush()
    }
    for index in 0..<days {
      let day = lastDay - Int64(days - 1 - index)
      activitySummary(day: day, random: &random, into: &buffer)
      try flush()
    }
    buffer += "</HealthData>\n"
    try flush(true)
  }

  /// The luteal phase's shift of resting heart rate (bpm) and the share of HRV it takes on the
  /// day at `dayIndex`: none without cycles.
  private func luteal(_ dayIndex: Int) -> (heartRate: Double, hrvDrop: Double) {
    guard let cycles else { return (0, 0) }
    let day = CalendarDay(ordinal: Int(lastDay) - (days - 1 - dayIndex))
    guard let cycle = cycles.cycles(from: day, through: day).last(where: { $0.start <= day }) else { return (0, 0) }
    let share = MenstrualCycles.luteal(day, in: cycle)
    return (share * cycle.heartRate, share * cycle.hrvDrop)
  }

  /// What the planted illnesses do on the day at `dayIndex`, as `SyntheticDays` plants them:
  /// resting heart rate added (bpm), the share of HRV and of steps kept, breaths per minute and
  /// hours of sleep added. Nothing without illnesses, and no draw from any generator, so that an
  /// export without them stays as it was.
  private func illness(_ dayIndex: Int) -> (
    heartRate: Double, hrvShare: Double, breaths: Double, stepsShare: Double, extraSleep: Double
  ) {
    var effect = (heartRate: 0.0, hrvShare: 1.0, breaths: 0.0, stepsShare: 1.0, extraSleep: 0.0)
    guard !illnesses.isEmpty else { return effect }
    let day = CalendarDay(ordinal: Int(lastDay) - (days - 1 - dayIndex))
    for illness in illnesses {
      let body = illness.intensity(on: day) * illness.rise / 7
      let behaviour = illness.behaviour(on: day)
      effect.heartRate += body * 7
      effect.hrvShare *= max(0.3, 1 - 0.25 * body)
      effect.breaths += 1.5 * body
      effect.stepsShare *= 1 - illness.stepsDrop * behaviour
      effect.extraSleep += illness.extraSleep * behaviour
    }
    return effect
  }

  /// The menstrual flow and symptom records, written by the Health app on the phone, each over
  /// its whole day.
  private func categoryRecords(time: ExportTimestamp, into out: inout String) {
    let first = CalendarDay(ordinal: Int(lastDay) - days + 1)
    let last = CalendarDay(ordinal: Int(lastDay))
    func record(_ type: String, _ value: String, day: CalendarDay, metadata: String) {
      let midnight = Int64(day.ordinal) * 86_400 - Int64(offsetSeconds)
      out +=
        "<Record type=\"\(type)\" sourceName=\"Health\" sourceVersion=\"17.1\" "
        + "creationDate=\"\(time.format(midnight + 3_600))\" startDate=\"\(time.format(midnight))\" "
        + "endDate=\"\(time.format(midnight + 86_399))\" value=\"\(value)\">\n\(metadata)</Record>\n"
    }
    for cycle in cycles?.cycles(from: first, through: last) ?? [] {
      for (offset, day) in cycle.flowDays.enumerated() where day >= first && day <= last {
        record(
          CategoryRecords.flowType, MenstrualCycles.Cycle.flow(onDay: offset), day: day,
          metadata: "<MetadataEntry key=\"\(CategoryRecords.cycleStartKey)\" value=\"\(offset == 0 ? 1 : 0)\"/>\n")
      }
    }
    for symptom in illnesses.flatMap(\.symptoms) where symptom.day >= first && symptom.day <= last {
      record(symptom.type, "HKCategoryValueSeverityModerate", day: symptom.day, metadata: "")
    }
  }

  private enum RecordKind: Int, CaseIterable {
    case steps, distance, activeEnergy, heartRate, restingHeartRate, walkingHeartRate, hrv, respiratoryRate
    case oxygenSaturation, vo2Max, bodyMass, exerciseTime, flightsClimbed, water, sleep, mindful, standHour
    case systolic, diastolic
    case walkingSpeed, stepLength, walkingAsymmetry, doubleSupport, headphoneAudio
  }

  private func records(
    _ kind: RecordKind, dayIndex: Int, midnight: Int64, random: inout SeededGenerator, time: ExportTimestamp,
    into out: inout String
  ) {
    func record(
      _ type: String, _ source: String, device: String?, unit: String?, value: String?, start: Int64, end: Int64,
      children: String = ""
    ) {
      out += "<Record type=\"\(type)\" sourceName=\"\(source)\" sourceVersion=\"10.1\""
      if let device { out += " device=\"\(device)\"" }
      if let unit { out += " unit=\"\(unit)\"" }
      out +=
        " creationDate=\"\(time.format(end + 60))\" startDate=\"\(time.format(start))\" endDate=\"\(time.format(end))\""
      if let value { out += " value=\"\(value)\"" }
      if children.isEmpty {
        out += "/>\n"
      } else {
        out += ">\n\(children)</Record>\n"
      }
    }
    let watch = { (random: inout SeededGenerator) in Self.device(watch: true, random: &random) }
    let phone = { (random: inout SeededGenerator) in Self.device(watch: false, random: &random) }
    switch kind {
    case .steps, .distance:
      // About 20 walks a day seen by both devices with shifted boundaries; 19:00–20:00 the
      // watch charges and only the phone counts. Heart rate follows the walks of a person
      // without resting heart rate records, so theirs are drawn from the day alone.
      var dayRandom = dayGenerator(dayIndex)
      let bouts =
        writesRestingHeartRate
        ? walks(midnight: midnight, random: &random) : walks(midnight: midnight, random: &dayRandom)
      let target =
        max(500, 7_000 + 5_000 * progress(dayIndex) + random.normal(mean: 0, deviation: 700))
        * illness(dayIndex).stepsShare
      let totalWeight = bouts.reduce(0) { $0 + $1.weight }
      let type = kind == .steps ? "HKQuantityTypeIdentifierStepCount" : "HKQuantityTypeIdentifierDistanceWalkingRunning"
      let unit = kind == .steps ? "count" : "km"
      func amount(_ steps: Double) -> String {
        kind == .steps ? String(Int(steps.rounded())) : String(format3(steps * 0.000_75))
      }
      for bout in bouts {
        let steps = target * bout.weight / totalWeight
        let shift = Int64.random(in: -60...60, using: &random)
        let charging = bout.start >= midnight + 19 * 3_600 && bout.start < midnight + 20 * 3_600
        record(
          type, Self.phoneSource, device: phone(&random), unit: unit,
          value: amount(steps * Double.random(in: 0.9...1.0, using: &random)), start: bout.start,
          end: bout.start + bout.length)
        if !charging {
          record(
            type, Self.watchSource, device: watch(&random), unit: unit, value: amount(steps),
            start: bout.start + shift, end: bout.start + shift + bout.length)
        }
      }
    case .activeEnergy:
      let step: Int64 = detail == .full ? 60 : detail == .light ? 600 : 3_600
      var minute = midnight + 6 * 3_600
      while minute < midnight + 23 * 3_600 {
        let kcal = Double.random(in: 0.3...0.9, using: &random) * Double(step) / 60
        record(
          "HKQuantityTypeIdentifierActiveEnergyBurned", Self.watchSource, device: watch(&random), unit: "kcal",
          value: format3(kcal), start: minute, end: minute + step)
        minute += step
      }
    case .heartRate where !writesRestingHeartRate:
      var dayRandom = dayGenerator(dayIndex)
      let bouts = walks(midnight: midnight, random: &dayRandom)
      let resting = restingLevel(dayIndex, random: &random) + luteal(dayIndex).heartRate + illness(dayIndex).heartRate
      let step: Int64 = detail == .full ? 60 : detail == .light ? 300 : 600
      var instant = midnight
      var walk = 0
      while instant < midnight + 86_400 {
        // Raised while walking and for 12 minutes after: the phone's step records span the walk.
        while walk < bouts.count && bouts[walk].start + bouts[walk].length + 12 * 60 <= instant { walk += 1 }
        let moving = walk < bouts.count && bouts[walk].start <= instant
        let walking = moving && instant < bouts[walk].start + bouts[walk].length
        let bpm = Int(
          random.normal(mean: resting + (walking ? 30 : moving ? 15 : 0), deviation: walking ? 5 : 2.5).rounded())
        record(
          "HKQuantityTypeIdentifierHeartRate", Self.watchSource, device: watch(&random), unit: "count/min",
          value: String(bpm), start: instant, end: instant)
        instant += step
      }
    case .heartRate:
      var instant = midnight
      while instant < midnight + 86_400 {
        let bpm = Int(random.normal(mean: 72, deviation: 9).rounded())
        record(
          "HKQuantityTypeIdentifierHeartRate", Self.watchSource, device: watch(&random), unit: "count/min",
          value: String(bpm), start: instant, end: instant,
          children: "<MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"\(bpm > 90 ? 2 : 1)\"/>\n")
        instant += detail == .full ? 300 : detail == .light ? 1_200 : 3_600
      }
    case .restingHeartRate where writesRestingHeartRate:
      let resting =
        restingLevel(dayIndex, random: &random) + tagShift("heart.restingHeartRate", dayIndex: dayIndex)
        + luteal(dayIndex).heartRate + illness(dayIndex).heartRate
      record(
        "HKQuantityTypeIdentifierRestingHeartRate", Self.watchSource, device: watch(&random), unit: "count/min",
        value: String(Int(resting.rounded())), start: midnight + 3_600, end: midnight + 22 * 3_600)
    case .walkingHeartRate:
      record(
        "HKQuantityTypeIdentifierWalkingHeartRateAverage", Self.watchSource, device: watch(&random),
        unit: "count/min", value: String(Int(random.normal(mean: 98, deviation: 4).rounded())),
        start: midnight + 8 * 3_600, end: midnight + 21 * 3_600)
    case .hrv:
      for reading in 0..<3 {
        let start = midnight + Int64(2 + reading * 7) * 3_600
        var beats = "<HeartRateVariabilityMetadataList>\n"
        for beat in 0..<(detail == .full ? 60 : detail == .light ? 10 : 2) {
          let bpm = Int(random.normal(mean: 64, deviation: 4).rounded())
          beats +=
            "<InstantaneousBeatsPerMinute bpm=\"\(bpm)\" time=\"\(2 + reading * 7):0\(beat / 30):\(10 + beat % 30).\(beat % 10)0 AM\"/>\n"
        }
        beats += "</HeartRateVariabilityMetadataList>\n"
        record(
          "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", Self.watchSource, device: watch(&random), unit: "ms",
          value: format3(
            max(
              8,
              random.normal(mean: 40 + 24 * progress(dayIndex), deviation: 9)
                + tagShift("heart.hrv", dayIndex: dayIndex)) * (1 - luteal(dayIndex).hrvDrop)
              * illness(dayIndex).hrvShare),
          start: start,
          end: start + 60,
          children: beats)
      }
    case .respiratoryRate:
      var instant = midnight + 3_600
      while instant < midnight + 6 * 3_600 {
        record(
          "HKQuantityTypeIdentifierRespiratoryRate", Self.watchSource, device: watch(&random), unit: "count/min",
          value: format3(random.normal(mean: 14.5, deviation: 0.8) + illness(dayIndex).breaths), start: instant,
          end: instant + 900)
        instant += 1_800
      }
    case .oxygenSaturation:
      for hour in [2, 4] {
        record(
          "HKQuantityTypeIdentifierOxygenSaturation", Self.watchSource, device: watch(&random), unit: "%",
          value: format3(min(1, random.normal(mean: 0.965, deviation: 0.01))), start: midnight + Int64(hour) * 3_600,
          end: midnight + Int64(hour) * 3_600)
      }
    case .vo2Max where dayIndex % 7 == 0:
      record(
        "HKQuantityTypeIdentifierVO2Max", Self.watchSource, device: watch(&random), unit: "mL/min·kg",
        value: format3(random.normal(mean: 42, deviation: 0.5)), start: midnight + 18 * 3_600,
        end: midnight + 18 * 3_600)
    case .bodyMass where dayIndex % 3 == 0:
      let kilograms = random.normal(mean: 74, deviation: 0.4)
      let inPounds = dayIndex % 2 == 0
      record(
        "HKQuantityTypeIdentifierBodyMass", "Withings", device: nil, unit: inPounds ? "lb" : "kg",
        value: format3(inPounds ? kilograms / 0.453_592_37 : kilograms), start: midnight + 7 * 3_600,
        end: midnight + 7 * 3_600)
    case .exerciseTime:
      for block in 0..<Int.random(in: 1...4, using: &random) {
        let start = midnight + Int64(17 * 3_600 + block * 600)
        record(
          "HKQuantityTypeIdentifierAppleExerciseTime", Self.watchSource, device: watch(&random), unit: "min",
          value: String(Int.random(in: 3...10, using: &random)), start: start, end: start + 600)
      }
    case .flightsClimbed:
      record(
        "HKQuantityTypeIdentifierFlightsClimbed", Self.phoneSource, device: phone(&random), unit: "count",
        value: String(Int.random(in: 1...14, using: &random)), start: midnight + 12 * 3_600,
        end: midnight + 12 * 3_600 + 300)
    case .water where dayIndex % 2 == 1:
      record(
        "HKQuantityTypeIdentifierDietaryWater", "WaterMinder", device: nil, unit: "mL", value: "500",
        start: midnight + 10 * 3_600, end: midnight + 10 * 3_600)
    case .sleep:
      let asleep = random.normal(mean: 7.5 - 1.5 * progress(dayIndex), deviation: 0.35) + illness(dayIndex).extraSleep
      sleep(midnight: midnight, asleepHours: asleep, random: &random, record: record, watch: watch, phone: phone)
    case .mindful where dayIndex % 3 != 2:
      let start = midnight + 7 * 3_600 + 900
      let minutes = max(2, random.normal(mean: 15 - 10 * progress(dayIndex), deviation: 1.5))
      record(
        "HKCategoryTypeIdentifierMindfulSession", Self.watchSource, device: watch(&random), unit: nil, value: nil,
        start: start, end: start + Int64(minutes * 60))
    case .standHour:
      for hour in 8..<20 {
        let stood = Int.random(in: 0..<10, using: &random) < 8
        let start = midnight + Int64(hour) * 3_600
        record(
          "HKCategoryTypeIdentifierAppleStandHour", Self.watchSource, device: watch(&random), unit: nil,
          value: stood ? "HKCategoryValueAppleStandHourStood" : "HKCategoryValueAppleStandHourIdle", start: start,
          end: start + 3_600)
      }
    case .systolic where dayIndex % 7 == 3, .diastolic where dayIndex % 7 == 3:
      let (systolic, diastolic) = Self.bloodPressureValues(dayIndex: dayIndex, seed: seed)
      let isSystolic = kind == .systolic
      record(
        isSystolic ? "HKQuantityTypeIdentifierBloodPressureSystolic" : "HKQuantityTypeIdentifierBloodPressureDiastolic",
        "Omron", device: nil, unit: "mmHg", value: String(isSystolic ? systolic : diastolic),
        start: midnight + 8 * 3_600, end: midnight + 8 * 3_600)
    case .walkingSpeed, .stepLength, .walkingAsymmetry, .doubleSupport:
      // The iPhone measures the gait of a few of the day's walks; steady, with no planted trend.
      let (type, unit, mean, deviation): (String, String, Double, Double)
      switch kind {
      case .walkingSpeed: (type, unit, mean, deviation) = ("WalkingSpeed", "km/hr", 4.9, 0.25)
      case .stepLength: (type, unit, mean, deviation) = ("WalkingStepLength", "cm", 68, 2)
      case .walkingAsymmetry: (type, unit, mean, deviation) = ("WalkingAsymmetryPercentage", "%", 0.03, 0.01)
      default: (type, unit, mean, deviation) = ("WalkingDoubleSupportPercentage", "%", 0.27, 0.01)
      }
      for walk in 0..<3 {
        let start = midnight + Int64(8 + walk * 4) * 3_600
        record(
          "HKQuantityTypeIdentifier" + type, Self.phoneSource, device: phone(&random), unit: unit,
          value: format3(max(0, random.normal(mean: mean, deviation: deviation))), start: start, end: start + 600)
      }
    case .headphoneAudio:
      let start = midnight + 8 * 3_600
      record(
        "HKQuantityTypeIdentifierHeadphoneAudioExposure", Self.phoneSource, device: phone(&random), unit: "dBASPL",
        value: format3(random.normal(mean: 71, deviation: 2.5)), start: start, end: start + 1_800)
    default:
      break
    }
  }

  /// The days each planted tag is logged on, as days since 1970-01-01 in the export's offset.
  package func tagDays() -> [(name: String, day: Int64)] {
    tags.enumerated().flatMap { place, tag in
      tag.dayIndices(count: days, seed: seed, place: place).map { (tag.name, lastDay - Int64(days - 1 - $0)) }
    }
  }

  /// What the planted tags add to `metric` on the day `dayIndex`: their effects, when the day
  /// before was tagged.
  private func tagShift(_ metric: String, dayIndex: Int) -> Double {
    guard !tags.isEmpty, dayIndex > 0 else { return 0 }
    var shift = 0.0
    for (place, tag) in tags.enumerated() {
      guard let effect = tag.effects[metric] else { continue }
      if tag.dayIndices(count: dayIndex, seed: seed, place: place).last == dayIndex - 1 { shift += effect }
    }
    return shift
  }

  /// The day's resting heart rate, with its planted trend.
  private func restingLevel(_ dayIndex: Int, random: inout SeededGenerator) -> Double {
    random.normal(mean: 62 - 8 * progress(dayIndex), deviation: 1)
  }

  /// A generator of the day's own, for what two kinds of record share (walks, for a person
  /// without resting heart rate records).
  private func dayGenerator(_ dayIndex: Int) -> SeededGenerator {
    SeededGenerator(seed: seed &* 2_654_435_761 &+ UInt64(dayIndex) &* 97 &+ 13)
  }

  /// The day's walks, from 07:00 to 22:00: each one's start, length in seconds and share of the
  /// day's steps.
  private func walks(midnight: Int64, random: inout SeededGenerator) -> [(
    start: Int64, length: Int64, weight: Double
  )] {
    var bouts: [(start: Int64, length: Int64, weight: Double)] = []
    var bout = midnight + 7 * 3_600
    let (lengths, gaps): (ClosedRange<Int64>, ClosedRange<Int64>) =
      detail == .sparse ? (1_800...3_600, 3_600...7_200) : (300...1_200, 1_200...2_400)
    while bout < midnight + 22 * 3_600 {
      let length = Int64.random(in: lengths, using: &random)
      bouts.append((bout, length, Double.random(in: 0.5...1.5, using: &random)))
      bout += length + Int64.random(in: gaps, using: &random)
    }
    return bouts
  }

  /// A night ending on the day at `midnight` + 1: the phone's in-bed record and the watch's
  /// stages, adding up to `asleepHours` of sleep with short awakenings between cycles.
  private func sleep(
    midnight: Int64, asleepHours: Double, random: inout SeededGenerator,
    record: (String, String, String?, String?, String?, Int64, Int64, String) -> Void,
    watch: (inout SeededGenerator) -> String, phone: (inout SeededGenerator) -> String
  ) {
    let type = "HKCategoryTypeIdentifierSleepAnalysis"
    let bedtime = midnight - 3_600 + Int64.random(in: -1_200...1_200, using: &random)
    var asleepLeft = Int64(max(1, asleepHours) * 3_600)
    var segments: [(stage: String, start: Int64, end: Int64)] = []
    var cursor = bedtime + 900
    let cycle: [(String, ClosedRange<Int64>)] = [
      ("AsleepCore", 2_400...3_600), ("AsleepDeep", 1_200...2_400), ("AsleepCore", 900...1_800),
      ("AsleepREM", 1_200...2_100), ("Awake", 120...360),
    ]
    var index = 0
    while asleepLeft > 0 {
      let (stage, lengths) = cycle[index % cycle.count]
      var length = Int64.random(in: lengths, using: &random)
      if stage != "Awake" {
        length = min(length, asleepLeft)
        asleepLeft -= length
      }
      segments.append((stage, cursor, cursor + length))
      cursor += length
      index += 1
    }
    let wake = cursor + 300
    record(type, Self.phoneSource, phone(&random), nil, "HKCategoryValueSleepAnalysisInBed", bedtime, wake, "")
    for segment in segments {
      record(
        type, Self.watchSource, watch(&random), nil, "HKCategoryValueSleepAnalysis" + segment.stage, segment.start,
        segment.end, "")
    }
  }

  private static func bloodPressureValues(dayIndex: Int, seed: UInt64) -> (Int, Int) {
    var random = SeededGenerator(seed: seed &+ UInt64(dayIndex) &* 31)
    return (Int.random(in: 112...128, using: &random), Int.random(in: 72...82, using: &random))
  }

  private func bloodPressure(
    midnight: Int64, random: inout SeededGenerator, time: ExportTimestamp, into out: inout String
  ) {
    let dayIndex = Int((midnight + Int64(offsetSeconds)) / 86_400 - (lastDay - Int64(days - 1)))
    let (systolic, diastolic) = Self.bloodPressureValues(dayIndex: dayIndex, seed: seed)
    let at = time.format(midnight + 8 * 3_600)
    let dates = "creationDate=\"\(time.format(midnight + 8 * 3_600 + 60))\" startDate=\"\(at)\" endDate=\"\(at)\""
    out +=
      "<Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"Omron\" sourceVersion=\"10.1\" \(dates)>\n"
    out +=
      "<Record type=\"HKQuantityTypeIdentifierBloodPressureDiastolic\" sourceName=\"Omron\" sourceVersion=\"10.1\" unit=\"mmHg\" \(dates) value=\"\(diastolic)\"/>\n"
    out +=
      "<Record type=\"HKQuantityTypeIdentifierBloodPressureSystolic\" sourceName=\"Omron\" sourceVersion=\"10.1\" unit=\"mmHg\" \(dates) value=\"\(systolic)\"/>\n"
    out += "</Correlation>\n"
  }

  private enum WorkoutKind {
    case running, walking
  }

  private func workout(
    _ kind: WorkoutKind, midnight: Int64, random: inout SeededGenerator, time: ExportTimestamp,
    into out: inout String
  ) {
    let hour: Int64 = kind == .running ? 17 : 12
    let start = midnight + hour * 3_600 + Int64.random(in: 0...1_800, using: &random)
    let minutes = Double.random(in: kind == .running ? 25...55 : 30...50, using: &random)
    let end = start + Int64(minutes * 60)
    let kilometres = minutes / (kind == .running ? 6 : 12)
    let energy = minutes * (kind == .running ? 11 : 4)
    let type = kind == .running ? "HKWorkoutActivityTypeRunning" : "HKWorkoutActivityTypeWalking"
    let device = Self.device(watch: true, random: &random)
    out +=
      "<Workout workoutActivityType=\"\(type)\" duration=\"\(format3(minutes))\" durationUnit=\"min\" sourceName=\"\(Self.watchSource)\" sourceVersion=\"10.1\" device=\"\(device)\" creationDate=\"\(time.format(end + 30))\" startDate=\"\(time.format(start))\" endDate=\"\(time.format(end))\">\n"
    out += "<MetadataEntry key=\"HKIndoorWorkout\" value=\"0\"/>\n"
    out += "<MetadataEntry key=\"HKWeatherTemperature\" value=\"\(Int.random(in: 40...80, using: &random)) degF\"/>\n"
    out += "<WorkoutEvent type=\"HKWorkoutEventTypePause\" date=\"\(time.format(start + 600))\"/>\n"
    out += "<WorkoutEvent type=\"HKWorkoutEventTypeResume\" date=\"\(time.format(start + 660))\"/>\n"
    out +=
      "<WorkoutStatistics type=\"HKQuantityTypeIdentifierActiveEnergyBurned\" startDate=\"\(time.format(start))\" endDate=\"\(time.format(end))\" sum=\"\(format3(energy))\" unit=\"kcal\"/>\n"
    out +=
      "<WorkoutStatistics type=\"HKQuantityTypeIdentifierDistanceWalkingRunning\" startDate=\"\(time.format(start))\" endDate=\"\(time.format(end))\" sum=\"\(format3(kilometres))\" unit=\"km\"/>\n"
    out +=
      "<WorkoutStatistics type=\"HKQuantityTypeIdentifierHeartRate\" startDate=\"\(time.format(start))\" endDate=\"\(time.format(end))\" average=\"142\" minimum=\"96\" maximum=\"171\" unit=\"count/min\"/>\n"
    out +=
      "<WorkoutRoute sourceName=\"\(Self.watchSource)\" sourceVersion=\"10.1\" creationDate=\"\(time.format(end + 30))\" startDate=\"\(time.format(start))\" endDate=\"\(time.format(end))\">\n"
    out +=
      "<FileReference path=\"/workout-routes/route_\(CalendarDay(ordinal: Int((midnight + Int64(offsetSeconds)) / 86_400)).iso)_5.48pm.gpx\"/>\n"
    out += "</WorkoutRoute>\n</Workout>\n"
  }

  private func activitySummary(day: Int64, random: inout SeededGenerator, into out: inout String) {
    let energy = Double.random(in: 300...900, using: &random)
    out +=
      "<ActivitySummary dateComponents=\"\(CalendarDay(ordinal: Int(day)).iso)\" activeEnergyBurned=\"\(format3(energy))\" activeEnergyBurnedGoal=\"600\" activeEnergyBurnedUnit=\"kcal\" appleMoveTime=\"0\" appleMoveTimeGoal=\"0\" appleExerciseTime=\"\(Int.random(in: 5...70, using: &random))\" appleExerciseTimeGoal=\"30\" appleStandHours=\"\(Int.random(in: 6...14, using: &random))\" appleStandHoursGoal=\"12\"/>\n"
  }

  /// A device string as the export writes it, with a fresh `0x…` address each time.
  private static func device(watch: Bool, random: inout SeededGenerator) -> String {
    let address = String(UInt32.random(in: 0x2800_0000...0x28FF_FFFF, using: &random), radix: 16)
    return watch
      ? "&lt;&lt;HKDevice: 0x\(address)&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1&gt;"
      : "&lt;&lt;HKDevice: 0x\(address)&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2, software:17.1&gt;"
  }

  static func header(exportDate: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE HealthData [
    <!-- HealthKit Export Version: 11 -->
    <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord)*)>
    <!ATTLIST HealthData
      locale CDATA #REQUIRED
    >
    <!ELEMENT ExportDate EMPTY>
    <!ATTLIST ExportDate
      value CDATA #REQUIRED
    >
    <!ELEMENT Me EMPTY>
    <!ATTLIST Me
      HKCharacteristicTypeIdentifierDateOfBirth         CDATA #REQUIRED
      HKCharacteristicTypeIdentifierBiologicalSex       CDATA #REQUIRED
    >
    <!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
    <!ATTLIST Record
      type          CDATA #REQUIRED
      unit          CDATA #IMPLIED
      value         CDATA #IMPLIED
      sourceName    CDATA #REQUIRED
      sourceVersion CDATA #IMPLIED
      device        CDATA #IMPLIED
      creationDate  CDATA #IMPLIED
      startDate     CDATA #REQUIRED
      endDate       CDATA #REQUIRED
    >
    <!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics)*)>
    <!ELEMENT ActivitySummary EMPTY>
    <!ELEMENT MetadataEntry EMPTY>
    <!ATTLIST MetadataEntry
      key   CDATA #REQUIRED
      value CDATA #REQUIRED
    >
    ]>
    <HealthData locale="en_US">
     <ExportDate value="\(exportDate)"/>
     <Me HKCharacteristicTypeIdentifierDateOfBirth="1985-04-12" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>

    """
  }
}

/// A number with at most three decimals, as the export often writes them.
private func format3(_ value: Double) -> String {
  let scaled = (value * 1_000).rounded()
  let whole = Int64(scaled) / 1_000
  let fraction = abs(Int64(scaled) % 1_000)
  if fraction == 0 { return String(whole) }
  var digits = String(fraction)
  digits = String(repeating: "0", count: 3 - digits.count) + digits
  while digits.hasSuffix("0") { digits.removeLast() }
  return (scaled < 0 && whole == 0 ? "-" : "") + "\(whole).\(digits)"
}
