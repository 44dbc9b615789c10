/// Where Health records the menstrual cycle, a card that says resting heart rate, wrist
/// temperature or respiratory rate went up, or HRV down, over days the cycle puts in its luteal
/// phase says so: the phase raises the first three and lowers HRV, so the change may be the
/// cycle's.
enum LutealNote {
  /// The metrics the luteal phase moves, with the direction it moves them (true: up).
  static let moved: [String: Bool] = [
    "heart.restingHeartRate": true, "body.wristTemperature": true, "respiratory.respiratoryRate": true,
    "heart.hrv": false,
  ]

  /// "Health's cycle records put 5 of these 7 days in the luteal phase, which raises resting
  /// heart rate and temperature and lowers HRV." / "… put yesterday in the luteal phase, …"
  static func sentence(lutealDays: Int, period: InsightPeriod) -> String {
    let days =
      period == .daily
      ? "yesterday" : "\(lutealDays) of these \(period.currentDays) days"
    return "Health's cycle records put \(days) in the luteal phase, which raises resting heart rate and "
      + "temperature and lowers HRV."
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
    }
    return insight
  }
}
