import PandaCore

/// Where Health records the menstrual cycle, a card that says resting heart rate, wrist
/// temperature or respiratory rate went up, or HRV down, over days the cycle puts in its luteal
/// phase says so: the phase raises the first three and lowers HRV, so the change may be the
/// cycle's. Where the trend allowed for the person's own luteal shift (`MetricTrend.lutealShift`),
/// it says by how much: a change is then claimed only when it is one with the shift taken off.
enum LutealNote {
  /// The metrics the luteal phase moves, with the direction it moves them (true: up).
  static let moved = LutealShift.moved

  /// "Health's cycle records put 5 of these 7 days in the luteal phase, which raises resting
  /// heart rate and temperature and lowers HRV." / "… put yesterday in the luteal phase, …"
  static func sentence(lutealDays: Int, period: InsightPeriod) -> String {
    let days =
      period == .daily
      ? "yesterday" : "\(lutealDays) of these \(period.currentDays) days"
    return "Health's cycle records put \(days) in the luteal phase, which raises resting heart rate and "
      + "temperature and lowers HRV."
  }

  /// What the comparison of a metric did with the person's luteal shift (`MetricTrend.lutealShift`):
  /// "The comparison with your usual allows for your luteal rise of 2.4 bpm, taken from your own
  /// earlier cycles." A change is only claimed when it is one with that shift taken off.
  static func adjustment(shift: Double, metric: Metric, units: DisplayUnits) -> String {
    let converted = units.convertedDifference(abs(shift), unit: metric.unit)
    let amount = MetricFormatter.difference(converted.value, unit: converted.unit, places: 1)
    return "The comparison with your usual allows for your luteal \(shift > 0 ? "rise" : "fall") of \(amount), "
      + "taken from your own earlier cycles."
  }
}

extension Insight {
  /// The insight with `LutealNote`'s sentence after each metric the luteal phase moved the way
  /// it moves it, over a current window with luteal days; unchanged otherwise.
  func withLutealNote(_ request: InsightRequest) -> Insight {
    guard request.lutealDays > 0, status != .failed else { return self }
    var insight = self
    let note = LutealNote.sentence(lutealDays: request.lutealDays, period: request.period)
    for index in insight.metrics.indices {
      let assessment = insight.metrics[index]
      guard let up = LutealNote.moved[assessment.metric], assessment.change != 0, (assessment.change > 0) == up,
        !assessment.message.contains(note)
      else { continue }
      insight.metrics[index].message += " " + note
      if let shift = assessment.trend.lutealShift, let metric = MetricCatalogue.metric(assessment.metric) {
        insight.metrics[index].message +=
          " " + LutealNote.adjustment(shift: shift, metric: metric, units: request.units)
      }
    }
    return insight
  }
}
