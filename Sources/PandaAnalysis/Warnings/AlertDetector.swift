import PandaCore
import PandaStore

/// Finds days when several body signals left the person's usual range together, or resting heart
/// rate alone stayed above it for days: deterministic, no I/O.
///
/// Each signal of `AlertSignal.all` is judged on a day by a `PersonalBand` from its whole-day
/// readings of the `bandDays` days before (never the day itself, nor days already in an alert,
/// so that an episode cannot widen its own band), once it has `minimumReadings` of them. A day
/// is in an alert of level `warning` when at least `minimumSignals` signals are outside their
/// bands in the unhealthy direction; resting heart rate is also watched alone by
/// `RestingHeartRateRise`, whose days make an alert of level `possible` when no day of it has two
/// signals. Alert days form one alert while they follow each other; a single day between them
/// whose readings lack the pattern does not split it, and days without readings of the alert's
/// signals are passed over. An alert is active while it includes the last day judged or while its
/// signals have had no readings since: it ends only when readings show them back in range.
///
/// Where Health records menstrual flow, resting heart rate, HRV, respiratory rate and wrist
/// temperature are judged with the cycle's phase taken into account (`CycleCalendar`): the
/// luteal phase's shift, the median of the luteal days of the `shiftDays` days before against
/// that of their follicular days (outside alerts, `minimumPhaseReadings` of each, only in the
/// direction the phase moves the signal, at most `lutealShiftLimit`), is taken off the luteal
/// days of the band and off a luteal day judged,
/// so that a normal luteal rise is neither outside the band nor a rise of resting heart rate. A
/// day's phase is the one known on that day: the current cycle's from its typical length.
///
/// A symptom Health recorded (`CategoryRecords.symptomNames`) counts as a signal: one body signal
/// outside its band on the day of a symptom or the day after makes a `warning`, and an alert
/// of resting heart rate alone becomes a `warning` when a symptom was recorded during it or in
/// the `symptomLeadDays` days before it. Its symptoms and their days are named in its evidence
/// and its sentence.
package enum AlertDetector {
  /// Days before a judged day that its band is drawn from.
  package static let bandDays = 60
  /// Readings a band needs: four weeks.
  package static let minimumReadings = 28
  /// Signals outside their band on the same day that make an alert.
  package static let minimumSignals = 2
  /// Days without the pattern that may lie inside one alert.
  static let allowedGap = 1
  /// The share of usual steps at or below which steps support an alert.
  static let lowSteps = 0.7
  /// Hours from usual sleep at or beyond which sleep supports an alert.
  static let sleepOff = 1.0
  /// Days of each phase a band needs before the luteal shift is taken off.
  static let minimumPhaseReadings = LutealShift.minimumPhaseReadings
  /// Days before an alert's start in which a recorded symptom goes with it.
  static let symptomLeadDays = 3
  /// Days before a judged day that the luteal shift is measured over: about six cycles, as many
  /// as the cycle's typical length is taken from. The shift is the person's own and changes
  /// little from cycle to cycle, while two cycles (the band's 60 days) measure it only to about
  /// half its size on noisy days, and a shift taken off too small reads part of the phase's
  /// rise as strain.
  package static let shiftDays = 180
  /// Days before the first day judged that a scan reads: the band's and the luteal shift's.
  package static var historyDays: Int { max(bandDays, shiftDays) }

  /// The largest luteal shift taken off a signal, given its usual value: about twice the
  /// largest the phase brings (0.5 °C, 3 bpm, 1 breath per minute, HRV 10–15 %), so that a shift
  /// estimated from days that include an unnoticed illness cannot hide a new one.
  static func lutealShiftLimit(_ metric: String, usual: Double) -> Double {
    LutealShift.limit(metric, usual: usual)
  }

  /// The default days judged: the 90 days up to the day before `asOf`.
  package static func defaultWindow(asOf: CalendarDay) -> DayRange {
    DayRange(last: asOf.adding(days: -1), count: 90)
  }

  /// The metrics a scan reads: the signals, and the steps and sleep that may support an alert.
  package static var metrics: [String] { AlertSignal.all.map(\.metric) + ["activity.steps", "sleep.asleep"] }

  /// The phase of each day of a scan (indices from its first band day) as known on a later day
  /// judged: a day before the cycle the judged day is in has the phase its next start gives it;
  /// a day of that cycle, the phase known on the day itself (from the typical length).
  private struct PhaseTable {
    /// Phases with every start recorded.
    var known: [CycleCalendar.Phase?] = []
    /// Phases with the starts recorded up to the day itself.
    var onTheDay: [CycleCalendar.Phase?] = []
    /// The index of the start of the cycle each day is in (`Int.min` before the first).
    var cycleStart: [Int] = []

    /// Whether no cycle is recorded.
    var isEmpty: Bool { known.isEmpty }

    /// The table of `count` days from `base`; empty without cycles.
    static func table(of calendar: CycleCalendar, base: CalendarDay, count: Int) -> PhaseTable {
      guard !calendar.isEmpty else { return PhaseTable() }
      let last = base.adding(days: count - 1)
      return PhaseTable(
        known: (0..<count).map { calendar.phase(on: base.adding(days: $0)) },
        onTheDay: calendar.phases(from: base, through: last),
        cycleStart: (0..<count).map { index in
          calendar.start(onOrBefore: base.adding(days: index)).map { base.days(to: $0) } ?? Int.min
        })
    }

    /// The phase of day `index` as known on day `judged` (on or after it).
    func phase(_ index: Int, asOf judged: Int) -> CycleCalendar.Phase? {
      guard !known.isEmpty else { return nil }
      return index < cycleStart[judged] ? known[index] : onTheDay[index]
    }
  }

  /// A signal outside its band on one day.
  private struct Departure {
    var signal: Int
    var value: Double
    var usual: Double
    var low: Double
    var high: Double
    var excess: Double
  }

  /// The alerts among the days `from` through `to` of `series`; readings up to `bandDays` before
  /// `from` set the first days' bands, and up to `historyDays` before it their luteal shifts.
  package static func scan(
    _ series: [MetricSeries], from: CalendarDay, to: CalendarDay, signals: [AlertSignal] = AlertSignal.all,
    records: CategoryRecords = CategoryRecords()
  ) -> AlertScan {
    let base = from.adding(days: -historyDays)
    let start = historyDays
    let count = base.days(to: to) + 1
    guard count > start else { return AlertScan(from: from, to: to, alerts: [], judgedDays: 0, shortfall: nil) }
    let byID = Dictionary(series.map { ($0.metric.id, $0) }, uniquingKeysWith: { first, _ in first })
    // A metric's whole-day readings, one slot per day from `base`.
    func dense(_ metric: String) -> [Double?] {
      var dense = [Double?](repeating: nil, count: count)
      guard let series = byID[metric] else { return dense }
      for point in series.points(from: base, through: to)
      where !point.isPartial && point.value.isFinite && !series.metric.isImplausible(point.value) {
        dense[base.days(to: point.day)] = point.value
      }
      return dense
    }
    let readings: [[Double?]] = signals.map { dense($0.metric) }
    let heart = signals.firstIndex { $0.metric == RestingHeartRateRise.metric }
    let phases = PhaseTable.table(of: records.cycles, base: base, count: count)
    let moved = signals.map { lutealShiftLimit($0.metric, usual: 1) > 0 }
    // Days with a symptom recorded on them or the day before.
    var symptomNear = [Bool](repeating: false, count: count)
    for symptom in records.symptoms(from: base, through: to) {
      let index = base.days(to: symptom.day)
      for day in index...min(index + 1, count - 1) { symptomNear[day] = true }
    }
    // The luteal shift of signal `signalIndex` in its readings of the days `range` (outside
    // alerts), as known on day `index`; 0 without enough days of each phase.
    var luteal: [Double] = []
    var follicular: [Double] = []
    func lutealShift(_ signalIndex: Int, _ range: Range<Int>, asOf index: Int, excluded: [Bool]) -> Double {
      guard !phases.isEmpty, moved[signalIndex] else { return 0 }
      luteal.removeAll(keepingCapacity: true)
      follicular.removeAll(keepingCapacity: true)
      for earlier in range where !excluded[earlier] {
        guard let reading = readings[signalIndex][earlier] else { continue }
        switch phases.phase(earlier, asOf: index) {
        case .luteal: luteal.append(reading)
        case .follicular: follicular.append(reading)
        case nil: break
        }
      }
      return LutealShift.measure(
        luteal: luteal, follicular: follicular, metric: signals[signalIndex].metric,
        raises: signals[signalIndex].unhealthyIsHigh)
    }

    // Days in an alert, or behind the start of one: left out of every band.
    var excluded = [Bool](repeating: false, count: count)
    var several = [Bool](repeating: false, count: count)
    var departures: [Int: [Departure]] = [:]
    var rises: [Int: Departure] = [:]
    var judgedDays = 0
    var window: [Double] = []
    var rise = RestingHeartRateRise.State()
    for index in start..<count {
      var judged = 0
      var outside: [Departure] = []
      var heartShift = 0.0
      for (signalIndex, signal) in signals.enumerated() {
        guard let value = readings[signalIndex][index] else { continue }
        let shift = lutealShift(
          signalIndex, max(0, index - shiftDays)..<index, asOf: index, excluded: excluded)
        if signalIndex == heart { heartShift = shift }
        window.removeAll(keepingCapacity: true)
        for earlier in (index - bandDays)..<index where !excluded[earlier] {
          if let reading = readings[signalIndex][earlier] {
            window.append(phases.phase(earlier, asOf: index) == .luteal ? reading - shift : reading)
          }
        }
        guard window.count >= minimumReadings,
          let band = PersonalBand.band(of: window, minimumHalfWidth: signal.minimumHalfWidth)
        else { continue }
        judged += 1
        // Judged against the follicular band; said against the usual of the day's own phase.
        let today = phases.phase(index, asOf: index) == .luteal ? shift : 0
        let excess = band.excess(value - today, unhealthyIsHigh: signal.unhealthyIsHigh)
        if excess > 0 {
          outside.append(
            Departure(
              signal: signalIndex, value: value, usual: band.usual + today, low: band.low + today,
              high: band.high + today, excess: excess))
        }
      }
      var judgedToday = judged >= minimumSignals
      if let heart, let value = readings[heart][index] {
        window.removeAll(keepingCapacity: true)
        for earlier in (index - bandDays)..<(index - RestingHeartRateRise.recentDays) where !excluded[earlier] {
          if let reading = readings[heart][earlier] {
            window.append(phases.phase(earlier, asOf: index) == .luteal ? reading - heartShift : reading)
          }
        }
        if let baseline = RestingHeartRateRise.baseline(window) {
          judgedToday = true
          let today = phases.phase(index, asOf: index) == .luteal ? heartShift : 0
          let step = rise.add(value - today, level: baseline.level, deviation: baseline.deviation, index: index)
          if step.started {
            for day in rise.runDays { excluded[day] = true }
          }
          if step.inWarning {
            // The band's upper edge is the line a day stays above to stay in the warning.
            let high = baseline.level + RestingHeartRateRise.stayAbove * baseline.deviation
            rises[index] = Departure(
              signal: heart, value: value, usual: baseline.usual + today, low: 2 * baseline.usual - high + today,
              high: high + today, excess: (value - today - baseline.usual) / baseline.deviation)
            excluded[index] = true
          }
        }
      }
      if judgedToday { judgedDays += 1 }
      if outside.count >= minimumSignals || (outside.count == 1 && symptomNear[index]) {
        several[index] = true
        excluded[index] = true
        departures[index] = outside
      }
    }

    // Whether any of `watched` has a reading on day `index`.
    func hasReading(_ watched: Set<Int>, _ index: Int) -> Bool {
      watched.contains { readings[$0][index] != nil }
    }
    var alerts: [HealthAlert] = []
    var group: [Int] = []
    var watched: Set<Int> = []
    func close() {
      guard let first = group.first, let last = group.last else { return }
      let multiple = group.contains { several[$0] }
      let symptoms = records.symptoms(
        from: base.adding(days: first - symptomLeadDays), through: base.adding(days: last))
      let level: HealthAlert.Level = multiple || !symptoms.isEmpty ? .warning : .possible
      var worst: [Int: Departure] = [:]
      for index in group {
        let found = multiple ? departures[index] ?? [] : rises[index].map { [$0] } ?? []
        for departure in found where departure.excess > worst[departure.signal]?.excess ?? 0 {
          worst[departure.signal] = departure
        }
      }
      let alertSignals = worst.keys.sorted().compactMap { worst[$0] }.map {
        HealthAlert.Signal(
          metric: signals[$0.signal].metric, value: $0.value, usual: $0.usual, low: $0.low, high: $0.high)
      }
      let own = Set(worst.keys)
      let after = (last + 1)..<count
      let backIndex = after.first { hasReading(own, $0) }
      let isActive = last == count - 1 || backIndex == nil
      let start = base.adding(days: first)
      let end = base.adding(days: last)
      let noReadingsSince = last < count - 1 && backIndex == nil ? end : nil
      let evidence =
        support(byID, first: first, last: last, base: base, excluded: excluded)
        + symptomEvidence(symptoms, records: records, before: base.adding(days: first - symptomLeadDays))
      alerts.append(
        HealthAlert(
          start: start, end: end, signals: alertSignals,
          sentence: AlertPhrases.sentence(
            start: start, end: end, isActive: isActive, signals: alertSignals, level: level,
            noReadingsSince: noReadingsSince, evidence: evidence),
          isActive: isActive, level: level, noReadingsSince: noReadingsSince,
          backInRange: isActive ? nil : backIndex.map { base.adding(days: $0) }, evidence: evidence))
      group.removeAll()
      watched.removeAll()
    }
    var daysWithout = 0
    for index in start..<count {
      let found = departures[index].map { $0.map(\.signal) } ?? rises[index].map { [$0.signal] }
      if let found {
        if !group.isEmpty, daysWithout > allowedGap { close() }
        group.append(index)
        watched.formUnion(found)
        daysWithout = 0
      } else if !group.isEmpty, hasReading(watched, index) {
        daysWithout += 1
      }
    }
    close()

    var shortfall: AlertScan.Shortfall?
    if judgedDays == 0 {
      let recent = readings.map { $0.suffix(bandDays).compactMap { $0 }.count }
      // The signals with readings in the days judged (the window the answer names), not the band before.
      let judged = readings.map { $0.dropFirst(start).compactMap { $0 }.count }
      let withReadings = signals.indices.filter { judged[$0] > 0 }.map { signals[$0].metric }
      let second = recent.sorted(by: >).dropFirst().first ?? 0
      let heartReadings = heart.map { recent[$0] } ?? 0
      if withReadings.count < minimumSignals && heartReadings == 0 {
        shortfall = .fewSignals(withReadings: withReadings)
      } else {
        let bySeveral = withReadings.count >= minimumSignals ? minimumReadings - second : Int.max
        let byHeart =
          heartReadings > 0 ? minimumReadings + RestingHeartRateRise.recentDays - heartReadings : Int.max
        shortfall = .moreDays(needed: max(1, min(bySeveral, byHeart)))
      }
    }
    return AlertScan(from: from, to: to, alerts: alerts, judgedDays: judgedDays, shortfall: shortfall)
  }

  /// The steps well below usual and the sleep far from usual over the days `first` through
  /// `last` (indices from `base`), each against the median of the `bandDays` before `first`
  /// outside other alerts.
  private static func support(
    _ byID: [String: MetricSeries], first: Int, last: Int, base: CalendarDay, excluded: [Bool]
  ) -> [HealthAlert.Evidence] {
    var evidence: [HealthAlert.Evidence] = []
    for metric in ["activity.steps", "sleep.asleep"] {
      guard let series = byID[metric] else { continue }
      let start = base.adding(days: first)
      let whole = { (point: DailyPoint) in !point.isPartial && point.value.isFinite }
      let during = series.points(from: start, through: base.adding(days: last)).filter(whole).map(\.value)
      let before = series.points(from: start.adding(days: -bandDays), through: start.adding(days: -1)).filter {
        let index = base.days(to: $0.day)
        return whole($0) && !(index >= 0 && index < excluded.count && excluded[index])
      }.map(\.value)
      guard before.count >= minimumReadings / 2, let value = RobustStatistics.mean(during),
        let usual = RobustStatistics.median(before)
      else { continue }
      let supports = metric == "activity.steps" ? value <= lowSteps * usual : abs(value - usual) >= sleepOff
      if supports { evidence.append(HealthAlert.Evidence(metric: metric, value: value, usual: usual)) }
    }
    return evidence
  }

  /// One piece of evidence per symptom type among `symptoms`, with its days; its usual is the
  /// number of days it was recorded in the `bandDays` days before `before`.
  private static func symptomEvidence(
    _ symptoms: [CategoryRecords.Symptom], records: CategoryRecords, before: CalendarDay
  ) -> [HealthAlert.Evidence] {
    var order: [String] = []
    var days: [String: [CalendarDay]] = [:]
    for symptom in symptoms {
      if days[symptom.type] == nil { order.append(symptom.type) }
      days[symptom.type, default: []].append(symptom.day)
    }
    let earlier = records.symptoms(from: before.adding(days: -bandDays), through: before.adding(days: -1))
    return order.map { type in
      let recorded = Set(days[type] ?? []).sorted()
      return HealthAlert.Evidence(
        metric: type, value: Double(recorded.count),
        usual: Double(Set(earlier.filter { $0.type == type }.map(\.day)).count),
        symptom: CategoryRecords.symptomNames[type] ?? type, days: recorded)
    }
  }

  /// The alerts in a snapshot's series and records (see `scan(_:from:to:signals:records:)`).
  package static func scan(_ snapshot: HealthSnapshot, from: CalendarDay, to: CalendarDay) -> AlertScan {
    scan(snapshot.series, from: from, to: to, records: snapshot.records)
  }
}
