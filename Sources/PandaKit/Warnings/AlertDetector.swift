/// Finds days when several body signals left the person's usual range together: deterministic,
/// no I/O.
///
/// Each signal of `AlertSignal.all` is judged on a day by a `PersonalBand` from its whole-day
/// readings of the `bandDays` days before (never the day itself, nor days already in an alert,
/// so that an episode cannot widen its own band), once it has `minimumReadings` of them. A day
/// is in an alert when at least `minimumSignals` signals are outside their bands in the
/// unhealthy direction. Alert days form one alert while they follow each other; a single day
/// between them without the pattern (or without readings) does not split it.
public enum AlertDetector {
  /// Days before a judged day that its band is drawn from.
  public static let bandDays = 60
  /// Readings a band needs: four weeks.
  public static let minimumReadings = 28
  /// Signals outside their band on the same day that make an alert.
  public static let minimumSignals = 2
  /// Days without the pattern that may lie inside one alert.
  static let allowedGap = 1

  /// The default days judged: the 90 days up to the day before `asOf`.
  public static func defaultWindow(asOf: CalendarDay) -> DayRange {
    DayRange(last: asOf.adding(days: -1), count: 90)
  }

  /// The alerts among the days `from` through `to` of `series`; readings up to `bandDays` before
  /// `from` set the first days' bands.
  public static func scan(
    _ series: [MetricSeries], from: CalendarDay, to: CalendarDay, signals: [AlertSignal] = AlertSignal.all
  ) -> AlertScan {
    let base = from.adding(days: -bandDays)
    let count = base.days(to: to) + 1
    guard count > bandDays else { return AlertScan(from: from, to: to, alerts: [], judgedDays: 0, shortfall: nil) }
    let byID = Dictionary(series.map { ($0.metric.id, $0) }, uniquingKeysWith: { first, _ in first })
    // Each signal's whole-day readings, one slot per day from `base`.
    let readings: [[Double?]] = signals.map { signal in
      var dense = [Double?](repeating: nil, count: count)
      guard let series = byID[signal.metric] else { return dense }
      for point in series.points(from: base, through: to)
      where !point.isPartial && point.value.isFinite && !series.metric.isImplausible(point.value) {
        dense[base.days(to: point.day)] = point.value
      }
      return dense
    }

    struct Departure {
      var signal: Int
      var value: Double
      var band: PersonalBand
      var excess: Double
    }
    var alerted = [Bool](repeating: false, count: count)
    var departures: [Int: [Departure]] = [:]
    var judgedDays = 0
    var window: [Double] = []
    for index in bandDays..<count {
      var judged = 0
      var outside: [Departure] = []
      for (signalIndex, signal) in signals.enumerated() {
        guard let value = readings[signalIndex][index] else { continue }
        window.removeAll(keepingCapacity: true)
        for earlier in (index - bandDays)..<index where !alerted[earlier] {
          if let reading = readings[signalIndex][earlier] { window.append(reading) }
        }
        guard window.count >= minimumReadings,
          let band = PersonalBand(window, minimumHalfWidth: signal.minimumHalfWidth)
        else { continue }
        judged += 1
        let excess = band.excess(value, unhealthyIsHigh: signal.unhealthyIsHigh)
        if excess > 0 { outside.append(Departure(signal: signalIndex, value: value, band: band, excess: excess)) }
      }
      if judged >= minimumSignals { judgedDays += 1 }
      if outside.count >= minimumSignals {
        alerted[index] = true
        departures[index] = outside
      }
    }

    var alerts: [HealthAlert] = []
    var group: [Int] = []
    func close() {
      guard let first = group.first, let last = group.last else { return }
      var worst: [Int: Departure] = [:]
      for index in group {
        for departure in departures[index] ?? [] where departure.excess > worst[departure.signal]?.excess ?? 0 {
          worst[departure.signal] = departure
        }
      }
      let alertSignals = worst.keys.sorted().compactMap { worst[$0] }.map {
        HealthAlert.Signal(
          metric: signals[$0.signal].metric, value: $0.value, usual: $0.band.usual, low: $0.band.low,
          high: $0.band.high)
      }
      let start = base.adding(days: first)
      let end = base.adding(days: last)
      let isActive = end == to
      alerts.append(
        HealthAlert(
          start: start, end: end, signals: alertSignals,
          sentence: AlertPhrases.sentence(start: start, end: end, isActive: isActive, signals: alertSignals),
          isActive: isActive))
      group.removeAll()
    }
    for index in bandDays..<count where alerted[index] {
      if let last = group.last, index - last > allowedGap + 1 { close() }
      group.append(index)
    }
    close()

    var shortfall: AlertScan.Shortfall?
    if judgedDays == 0 {
      let recent = readings.map { $0.suffix(bandDays).compactMap { $0 }.count }
      // The signals with readings in the days judged (the window the answer names), not the band before.
      let judged = readings.map { $0.dropFirst(bandDays).compactMap { $0 }.count }
      let withReadings = signals.indices.filter { judged[$0] > 0 }.map { signals[$0].metric }
      let second = recent.sorted(by: >).dropFirst().first ?? 0
      shortfall =
        withReadings.count < minimumSignals
        ? .fewSignals(withReadings: withReadings) : .moreDays(needed: max(1, minimumReadings - second))
    }
    return AlertScan(from: from, to: to, alerts: alerts, judgedDays: judgedDays, shortfall: shortfall)
  }

  /// The alerts in a snapshot's series (see `scan(_:from:to:signals:)`).
  public static func scan(_ snapshot: HealthSnapshot, from: CalendarDay, to: CalendarDay) -> AlertScan {
    scan(snapshot.series, from: from, to: to)
  }
}
