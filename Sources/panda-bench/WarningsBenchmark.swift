import Foundation
import PandaAnalysis
import PandaCore
import PandaStore
import PandaSynthetic

/// `panda-bench warnings`: the early warning over many generated people, each judged forward in
/// time over their whole history: the share of planted illnesses warned from 7 days before to 3
/// days after symptom onset, false warning days per person-year outside illnesses, and warning
/// days in histories whose only pattern is a menstrual cycle, with Health's flow records, without
/// them and without the cycle; illnesses warned when Health also records their symptoms, and when
/// they come on top of a menstrual cycle whose flow is recorded; with every signal and with
/// resting heart rate and steps only.
enum WarningsBenchmark {
  /// Days before onset from which a warning counts as in time.
  static let before = 7
  /// Days after onset until which a warning counts as in time.
  static let after = 3

  /// One way of reading a person's data: which series the detector sees and which signals it
  /// watches.
  struct Reading {
    package var name: String
    package var metrics: Set<String>?
  }

  static let readings = [
    Reading(name: "all signals", metrics: nil),
    Reading(
      name: "heart rate and steps only",
      metrics: ["heart.restingHeartRate", "activity.steps", "activity.activeEnergy", "activity.exerciseMinutes"]),
  ]

  /// The counts behind the figures of one reading.
  struct Tally {
    package var illnesses = 0
    package var warned = 0
    var warnedAsWarning = 0
    package var delays: [Int] = []
    var raisedBy: [(rise: Double, warned: Bool)] = []
    var falseDays = 0
    var quietDays = 0
    var cycleDays = 0
    var cycleJudged = 0
    var cycleNullDays = 0
    var cycleNullJudged = 0
    /// Per person, warning days with the cycle and its flow records minus those without the cycle
    /// (the same noise): what the cycle adds, and how much that varies from person to person.
    var cycleAdded: [Double] = []
    var cycleUnrecordedDays = 0
    var warnedWithSymptoms = 0
    var warnedAsWarningWithSymptoms = 0
    var falseDaysWithSymptoms = 0
    var warnedOnCycles = 0
    var lutealIllnesses = 0
    var warnedLuteal = 0
    var falseDaysOnCycles = 0
  }

  /// Runs `seeds` people of `days` days each, with day-to-day `correlation` in every signal and
  /// resting heart rate in whole bpm.
  /// With `dump`, each alert that the cycle adds (its days in the cycle-with-flow history and not
  /// in the same person's history without the cycle) is printed on its own line: see
  /// `dumpAdded(_:null:series:cycles:flow:days:seed:reading:)`.
  static func run(seeds: [UInt64], days: Int, correlation: Double, dump: Bool = false) {
    let lastDay = CalendarDay(ordinal: Int(SyntheticExport.defaultLastDay))
    var tallies = [Tally](repeating: Tally(), count: readings.count)
    for seed in seeds {
      var random = SeededGenerator(seed: seed &* 7_919 &+ 3)
      let firstDay = lastDay.adding(days: 1 - days)
      // Illnesses spread over the history after the first 90 days, at least 40 days apart.
      var illnesses: [PlantedIllness] = []
      var onset = firstDay.adding(days: 90 + Int.random(in: 0..<60, using: &random))
      while onset.days(to: lastDay) > 20 {
        illnesses.append(
          PlantedIllness(
            onset: onset, rise: Double.random(in: 2...9, using: &random),
            leadDays: Int.random(in: 2...5, using: &random),
            plateauDays: Int.random(in: 2...4, using: &random), recoveryDays: Int.random(in: 3...7, using: &random),
            stepsDrop: Double.random(in: 0.2...0.6, using: &random),
            extraSleep: Double.random(in: 0...1, using: &random)))
        onset = onset.adding(days: Int.random(in: 100...200, using: &random))
      }
      let ill = SyntheticDays(
        days: days, seed: seed, lastDay: lastDay, illnesses: illnesses, dayToDayCorrelation: correlation,
        wholeHeartRate: true
      ).series()
      let symptoms = SyntheticDays(days: days, seed: seed, lastDay: lastDay, illnesses: illnesses).records()
      let cyclingDays = SyntheticDays(
        days: days, seed: seed &+ 500_000, lastDay: lastDay, cycles: MenstrualCycles(seed: seed),
        dayToDayCorrelation: correlation, wholeHeartRate: true)
      let cycling = cyclingDays.series()
      let flow = cyclingDays.records()
      // The same illnesses in a person with a menstrual cycle whose flow Health records.
      let illCyclingDays = SyntheticDays(
        days: days, seed: seed, lastDay: lastDay, illnesses: illnesses, cycles: MenstrualCycles(seed: seed),
        dayToDayCorrelation: correlation, wholeHeartRate: true)
      let illCycling = illCyclingDays.series()
      var illFlow = illCyclingDays.records()
      illFlow.symptoms = []
      let calendar = illFlow.cycles
      let plain = SyntheticDays(
        days: days, seed: seed &+ 500_000, lastDay: lastDay, dayToDayCorrelation: correlation, wholeHeartRate: true
      ).series()
      let from = firstDay.adding(days: AlertDetector.bandDays)
      for (index, reading) in readings.enumerated() {
        let signals = AlertSignal.all.filter { reading.metrics?.contains($0.metric) ?? true }
        func scan(_ series: [MetricSeries], records: CategoryRecords = CategoryRecords()) -> AlertScan {
          let seen = series.filter { reading.metrics?.contains($0.metric.id) ?? true }
          return AlertDetector.scan(seen, from: from, to: lastDay, signals: signals, records: records)
        }
        let withSymptoms = scan(ill, records: symptoms)
        let onCycles = scan(illCycling, records: illFlow)
        let found = scan(ill)
        var tally = tallies[index]
        for illness in illnesses {
          let early = illness.onset.adding(days: -before)
          let late = illness.onset.adding(days: after)
          let hit = found.alerts.first { $0.start <= late && $0.end >= early }
          if let hit = withSymptoms.alerts.first(where: { $0.start <= late && $0.end >= early }) {
            tally.warnedWithSymptoms += 1
            if hit.level == .warning { tally.warnedAsWarningWithSymptoms += 1 }
          }
          let cycleHit = onCycles.alerts.contains { $0.start <= late && $0.end >= early }
          if cycleHit { tally.warnedOnCycles += 1 }
          if calendar.phase(on: illness.onset) == .luteal {
            tally.lutealIllnesses += 1
            if cycleHit { tally.warnedLuteal += 1 }
          }
          tally.illnesses += 1
          tally.raisedBy.append((illness.rise, hit != nil))
          if let hit {
            tally.warned += 1
            if hit.level == .warning { tally.warnedAsWarning += 1 }
            tally.delays.append(illness.onset.days(to: hit.start))
          }
        }
        // Days outside every illness (from 7 days before onset to 3 days after its end).
        let spans = illnesses.map { $0.onset.adding(days: -before)...$0.lastDay.adding(days: after) }
        let quiet = { (day: CalendarDay) in !spans.contains { $0.contains(day) } }
        tally.falseDays += alertDays(found).filter(quiet).count
        tally.falseDaysWithSymptoms += alertDays(withSymptoms).filter(quiet).count
        tally.falseDaysOnCycles += alertDays(onCycles).filter(quiet).count
        tally.quietDays +=
          from.days(to: lastDay) + 1 - spans.reduce(0) { $0 + $1.lowerBound.days(to: $1.upperBound) + 1 }
        let cycles = scan(cycling, records: flow)
        tally.cycleDays += alertDays(cycles).count
        tally.cycleUnrecordedDays += alertDays(scan(cycling)).count
        tally.cycleJudged += from.days(to: lastDay) + 1
        let null = scan(plain)
        tally.cycleNullDays += alertDays(null).count
        if dump {
          dumpAdded(
            cycles, null: null, series: cycling, cycles: cyclingDays.cycles ?? MenstrualCycles(seed: seed),
            flow: flow, days: cyclingDays, seed: seed, reading: reading.name)
        }
        tally.cycleAdded.append(Double(alertDays(cycles).count - alertDays(null).count))
        tally.cycleNullJudged += from.days(to: lastDay) + 1
        tallies[index] = tally
      }
    }
    print(
      "\(seeds.count) people of \(days) days (day-to-day correlation \(correlation), resting heart rate in whole bpm), "
        + "illnesses raising resting heart rate 2–9 bpm over 2–5 days before onset:")
    for (index, reading) in readings.enumerated() {
      let tally = tallies[index]
      let share = Double(tally.warned) / Double(max(1, tally.illnesses)) * 100
      let delays = tally.delays.sorted()
      let median = delays.isEmpty ? 0 : delays[delays.count / 2]
      let big = tally.raisedBy.filter { $0.rise >= 4 }
      let bigShare = Double(big.filter(\.warned).count) / Double(max(1, big.count)) * 100
      let years = Double(tally.quietDays) / 365.25
      let cycleYears = Double(tally.cycleJudged) / 365.25
      print(
        String(
          format:
            "  %@: warned %d of %d illnesses (%.1f %%; %.1f %% of those raising it 4 bpm or more; %d as \"warning\"), "
            + "median start %+d days from onset; %.2f false warning days per person-year (%d in %.0f years); "
            + "with menstrual cycles and nothing else %.2f warning days per person-year with Health's flow "
            + "records (%.2f without the records, %.2f without the cycles)",
          reading.name, tally.warned, tally.illnesses, share, bigShare, tally.warnedAsWarning, median,
          Double(tally.falseDays) / years, tally.falseDays, years, Double(tally.cycleDays) / cycleYears,
          Double(tally.cycleUnrecordedDays) / cycleYears,
          Double(tally.cycleNullDays) / (Double(tally.cycleNullJudged) / 365.25)))
      // The standard error of the mean added days, over the people, per person-year.
      let people = Double(tally.cycleAdded.count)
      let mean = tally.cycleAdded.reduce(0, +) / max(1, people)
      let spread = (tally.cycleAdded.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / max(1, people - 1)).squareRoot()
      let perYear = people / cycleYears
      print(
        String(
          format:
            "    the cycle with its flow recorded adds %+.2f warning days per person-year "
            + "(standard error %.2f over the %d people, each with and without the cycle on the same noise)",
          mean * perYear, spread / max(1, people).squareRoot() * perYear, tally.cycleAdded.count))
      print(
        String(
          format:
            "    with their symptoms recorded in Health: warned %d of %d (%.1f %%; %d as \"warning\"), "
            + "%.2f false warning days per person-year; on top of a menstrual cycle with its flow recorded: "
            + "warned %d of %d (%.1f %%), %d of %d with onset in the luteal phase, %.2f false warning days "
            + "per person-year",
          tally.warnedWithSymptoms, tally.illnesses,
          Double(tally.warnedWithSymptoms) / Double(max(1, tally.illnesses)) * 100,
          tally.warnedAsWarningWithSymptoms, Double(tally.falseDaysWithSymptoms) / years, tally.warnedOnCycles,
          tally.illnesses, Double(tally.warnedOnCycles) / Double(max(1, tally.illnesses)) * 100, tally.warnedLuteal,
          tally.lutealIllnesses, Double(tally.falseDaysOnCycles) / years))
    }
  }

  /// Prints each alert of `scan` (a history with a cycle and its flow records) with days not in
  /// `null` (the same noise without the cycle): its level and length, the days added, and for each
  /// signal how far above the band's edge it went; the start's cycle day, its planted luteal share
  /// (0 follicular, 0.5 ramp, 1 luteal) and the phase the detector knew on the day; the resting
  /// heart rate's luteal shift as measured over `AlertDetector.shiftDays` before the start (the
  /// detector's own estimate) against the planted one of the start's cycle and the mean planted
  /// over those days' cycles.
  static func dumpAdded(
    _ scan: AlertScan, null: AlertScan, series: [MetricSeries], cycles: MenstrualCycles, flow: CategoryRecords,
    days: SyntheticDays, seed: UInt64, reading: String
  ) {
    let nullDays = Set(alertDays(null))
    let planted = cycles.cycles(from: days.firstDay, through: days.lastDay)
    let heart = series.first { $0.metric.id == RestingHeartRateRise.metric }
    for alert in scan.alerts {
      let alertDays = (0..<alert.days).map { alert.start.adding(days: $0) }
      let added = alertDays.filter { !nullDays.contains($0) }.count
      guard added > 0 else { continue }
      let start = alert.start
      let cycle = planted.last { $0.start <= start }
      let cycleDay = cycle.map { $0.start.days(to: start) + 1 } ?? 0
      let share = cycle.map { MenstrualCycles.luteal(start, in: $0) } ?? 0
      let known = flow.cycles.phase(on: start, knownThrough: start).map(\.rawValue) ?? "none"
      var luteal: [Double] = []
      var follicular: [Double] = []
      for point in heart?.points(from: start.adding(days: -AlertDetector.shiftDays), through: start.adding(days: -1))
        ?? []
      where !point.isPartial {
        switch flow.cycles.phase(on: point.day, knownThrough: start) {
        case .luteal: luteal.append(point.value)
        case .follicular: follicular.append(point.value)
        case nil: break
        }
      }
      let measured = LutealShift.measure(
        luteal: luteal, follicular: follicular, metric: RestingHeartRateRise.metric, raises: true)
      let over = planted.filter {
        $0.start >= start.adding(days: -AlertDetector.shiftDays) && $0.start < start
      }
      let meanPlanted = over.isEmpty ? 0 : over.map(\.heartRate).reduce(0, +) / Double(over.count)
      let signals = alert.signals.map { signal in
        String(
          format: "%@ %.2f (usual %.2f, high %.2f, +%.2f)", String(signal.metric.split(separator: ".").last ?? ""),
          signal.value, signal.usual, signal.high, signal.value - signal.high)
      }.joined(separator: "; ")
      print(
        String(
          format:
            "added seed %d [%@] %@ %@ %d days (%d added) cycle day %d of %d, luteal share %.1f, known %@; "
            + "shift measured %.2f planted %.2f (mean %.2f); %@",
          seed, reading, alert.start.description, alert.level.rawValue, alert.days, added, cycleDay,
          cycle?.length ?? 0, share, known, measured, cycle?.heartRate ?? 0, meanPlanted, signals))
    }
  }

  /// Every day from the start to the end of each alert.
  static func alertDays(_ scan: AlertScan) -> [CalendarDay] {
    scan.alerts.flatMap { alert in (0..<alert.days).map { alert.start.adding(days: $0) } }
  }
}
