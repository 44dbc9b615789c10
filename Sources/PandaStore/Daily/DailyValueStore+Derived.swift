import PandaCore

/// Resting heart rate derived from heart rate and steps on the days no device wrote one (see
/// `DerivedRestingHeartRate`): what the derivation reads, for a chunk of days or for one day.
extension DailyValueStore {
  /// The metrics whose samples a metric's days are also derived from: heart rate and steps for
  /// resting heart rate, none for the others.
  static func derivedFrom(_ metric: Metric) -> [Metric] {
    guard metric.id == DerivedRestingHeartRate.metricID else { return [] }
    return [DerivedRestingHeartRate.heartRateID, DerivedRestingHeartRate.stepsID].compactMap(MetricCatalogue.metric)
  }

  /// What the days of `grid` without a `recorded` resting heart rate are derived from; `nil`
  /// when every day has one or no heart rate was recorded on the others. Only the span of those
  /// days is read, so a person whose watch writes its own reads almost nothing more.
  /// `forExplaining` reads each reading's source and device too, which `panda explain` lists.
  func restingInputs(
    grid: DayGrid, recorded: [DailySample], forExplaining: Bool = false
  ) throws -> DerivedRestingHeartRate.Inputs? {
    var days = Set(0..<grid.count)
    for sample in recorded where sample.value != nil {
      if let day = grid.index(of: sample.start) { days.remove(day) }
    }
    guard let first = days.min(), let last = days.max(),
      let heartRate = MetricCatalogue.metric(DerivedRestingHeartRate.heartRateID),
      let steps = MetricCatalogue.metric(DerivedRestingHeartRate.stepsID)
    else { return nil }
    let from = grid.start(first)
    let to = grid.start(last + 1)
    let heartRateTypes = try typeIDs(for: heartRate)
    let export =
      heartRateTypes.isEmpty
      ? []
      : forExplaining || newSamples != nil
        ? try samples(heartRateTypes, from: from, to: to) : try readings(heartRateTypes, from: from, to: to)
    let readings = DerivedRestingHeartRate.readings(
      export: export, pushed: try pushedSamples(for: heartRate, from: from, to: to), grid: grid)
    guard !readings.isEmpty else { return nil }
    // A day before: a long step sample that began before the first reading's 12 minutes can
    // still reach into them.
    let movedFrom = from - 86_400
    let stepTypes = try typeIDs(for: steps)
    let stepSamples =
      (stepTypes.isEmpty ? [] : try samples(stepTypes, from: movedFrom, to: to))
      + (try pushedSamples(for: steps, from: movedFrom, to: to))
    let workouts = try database.rows(
      "SELECT start, end FROM workouts WHERE start < ? AND end >= ?", [.integer(to), .integer(movedFrom)]
    ).compactMap { row -> (start: Int64, end: Int64)? in
      guard let start = row.integer("start"), let end = row.integer("end") else { return nil }
      return (start, end)
    }
    return DerivedRestingHeartRate.Inputs(
      days: days, readings: readings, blockers: DerivedRestingHeartRate.blockers(steps: stepSamples, workouts: workouts)
    )
  }

  /// The readings with a value of `typeIDs` starting in [`start`, `end`), sorted by start, with
  /// only what the derivation reads: when and how much. Heart rate runs to millions of readings,
  /// read here a second time after heart rate's own daily values.
  private func readings(_ typeIDs: [(id: Int64, scale: Double)], from start: Int64, to end: Int64) throws
    -> [DailySample]
  {
    let statement = try database.cachedStatement(
      """
      SELECT start, value FROM samples
      WHERE type_id = ? AND start >= ? AND start < ? AND value IS NOT NULL ORDER BY start
      """)
    let column = (start: statement.column("start"), value: statement.column("value"))
    var readings: [DailySample] = []
    for type in typeIDs {
      try statement.bind([.integer(type.id), .integer(start), .integer(end)])
      try statement.forEachRow { row in
        let at = row.integer(column.start)
        readings.append(
          DailySample(start: at, end: at, value: row.real(column.value) * type.scale, rank: 0, source: 0))
      }
    }
    if typeIDs.count > 1 { readings.sort { $0.start < $1.start } }
    return readings
  }
}
