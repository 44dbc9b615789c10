import Foundation
import PandaCore

/// Keeps the `daily_values` table in step with the samples: computed within each import, only
/// for the days it touched, so reading daily values never rescans raw samples. The values
/// remember the context they were computed with; a different context recomputes them all.
package final class DailyValueStore {
  /// Days computed at a time, which bounds the samples held in memory.
  static let chunkDays = 61

  let database: Database
  package let context: DailyContext
  /// The samples an import into an empty database stored, served from memory (see `NewSampleCache`).
  package var newSamples: NewSampleCache?
  private var ranks: [RankKey: Int] = [:]
  private var lastRank: (key: RankKey, rank: Int)?
  private var sourceNames: [Int64: String] = [:]
  private var devices: [Int64: (name: String?, model: String?)] = [:]
  /// `recordingEnds()`, read once: an import writes its export date before any day is computed.
  private var recordingEndsRead: RecordingEnds?

  private struct RankKey: Hashable {
    var source: Int64
    var device: Int64
  }

  package init(database: Database, context: DailyContext) {
    self.database = database
    self.context = context
  }

  /// Where each route's data ends: the export's when the newest export was made, Health Auto
  /// Export's when its last bucket ended (no later than the push that brought it).
  package struct RecordingEnds: Sendable {
    /// The newest export's `ExportDate`.
    package var exported: Int64?
    /// The end of the last pushed bucket.
    package var pushed: Int64?
  }

  /// Where each route's data ends (see `RecordingEnds`). The newest export's day is partly
  /// recorded for every metric until a later export, or a push of that metric for that day,
  /// covers it; the pushes' last day for the metrics recorded all day, until a later push.
  package func recordingEnds() throws -> RecordingEnds {
    if let read = recordingEndsRead { return read }
    let exported = try database.firstRow(
      "SELECT max(export_date) AS exported FROM imports WHERE id > 0 AND route = 'export'")?.integer("exported")
    var pushed = try database.firstRow("SELECT max(end) AS last_end FROM pushed_samples")?.integer("last_end")
    if let end = pushed,
      let received = try database.firstRow(
        "SELECT max(started_at) AS received FROM imports WHERE route <> 'export'")?.integer("received")
    {
      pushed = min(end, received)
    }
    let ends = RecordingEnds(exported: exported, pushed: pushed)
    recordingEndsRead = ends
    return ends
  }

  /// Up to when the data is recorded: the later of the export's end and the pushes' end.
  func recordedUntil() throws -> Int64? {
    let ends = try recordingEnds()
    return [ends.exported, ends.pushed].compactMap { $0 }.max()
  }

  /// Whether the stored values were computed with this context.
  package func isCurrent() throws -> Bool {
    guard let row = try database.firstRow("SELECT time_zone, source_priority FROM daily_values_context") else {
      return try database.firstRow("SELECT 1 FROM samples LIMIT 1") == nil && !hasPushedData()
    }
    return row.text("time_zone") == context.zone.identifier
      && row.text("source_priority") == context.priority.fingerprint
  }

  /// Recomputes the values if they were computed with another context; call inside a write
  /// transaction. Returns whether anything was recomputed.
  @discardableResult
  package func bringUpToDate() throws -> Bool {
    guard try !isCurrent() else { return false }
    try rebuildAll()
    return true
  }

  /// The tables the values are computed into.
  static let tables = ["daily_values", "daily_workouts", "daily_values_context"]

  /// Recomputes every value for this connection only, into temporary tables that hide the
  /// stored ones from it: how a reader, which never writes to the file, sees values for its own
  /// zone and source priority.
  package func computeForThisConnection() throws {
    try database.execute("PRAGMA temp_store = MEMORY")
    try Schema.createTemporaryCopies(of: Self.tables, in: database)
    try database.execute("BEGIN DEFERRED")
    do {
      try rebuildAll()
      try database.execute("COMMIT")
    } catch {
      try? database.execute("ROLLBACK")
      throw error
    }
  }

  /// A piece of recomputation: some days of the metrics that share one set of sample types.
  package struct Work: Sendable {
    var metrics: [Metric]
    var days: ClosedRange<CalendarDay>

    /// Creates a value from its stored properties.
    init(metrics: [Metric], days: ClosedRange<CalendarDay>) {
      self.metrics = metrics
      self.days = days
    }
  }

  /// Metrics grouped by the samples they are formed from, so that shared samples (the seven
  /// sleep measures) are read once.
  private static let metricGroups: [[Metric]] = {
    var groups: [[Metric]] = []
    for metric in MetricCatalogue.all {
      if let index = groups.firstIndex(where: { $0[0].sources == metric.sources }) {
        groups[index].append(metric)
      } else {
        groups.append([metric])
      }
    }
    return groups
  }()

  /// Recomputes every day of every metric.
  package func rebuildAll() throws {
    try database.execute("DELETE FROM daily_values")
    var works: [Work] = []
    for group in Self.metricGroups {
      var typeIDs = try self.typeIDs(for: group[0])
      var span = try pushedSpan(for: group[0])
      for input in Self.derivedFrom(group[0]) {
        typeIDs += try self.typeIDs(for: input)
        if let pushed = try pushedSpan(for: input) {
          span = span.map { min($0.lowerBound, pushed.lowerBound)...max($0.upperBound, pushed.upperBound) } ?? pushed
        }
      }
      if !typeIDs.isEmpty {
        let placeholders = typeIDs.map { _ in "?" }.joined(separator: ",")
        if let row = try database.firstRow(
          "SELECT min(start) AS first, max(end) AS last FROM samples WHERE type_id IN (\(placeholders))",
          typeIDs.map { .integer($0.id) }),
          let first = row.integer("first"), let last = row.integer("last")
        {
          span = span.map { min($0.lowerBound, first)...max($0.upperBound, last) } ?? first...max(first, last)
        }
      }
      guard let (first, last) = span.map({ ($0.lowerBound, $0.upperBound) }) else { continue }
      let firstDay = LocalDay.day(of: first, in: context.zone)
      let lastDay = LocalDay.day(of: last, in: context.zone).adding(days: 1)
      works += Self.chunks(of: group, runs: [firstDay...lastDay])
    }
    // One run over every group, so that computing never waits for the next group's first read.
    try perform(works)
    try fillFromWorkouts()
    try fillDeviations()
    try fillFromActivitySummaries()
    try fillHabitDays()
    try saveContext()
  }

  /// The work that brings the days touched by new samples up to date: `touched` holds UTC day
  /// numbers per type identifier.
  package func plan(touched: [String: Set<Int>]) -> [Work] {
    var work: [Work] = []
    for group in Self.metricGroups {
      var days = Set<Int>()
      // A derived value follows its inputs: new heart rate or steps recompute the day.
      for source in group[0].sources + Self.derivedFrom(group[0]).flatMap(\.sources) {
        for day in touched[source.type] ?? [] {
          // A UTC day overlaps the local day before and after (zones run from −12 to +14 hours),
          // and a night belongs to the day it ends on, which can be one more.
          days.formUnion((day - 1)...(day + 2))
        }
      }
      guard !days.isEmpty else { continue }
      work += Self.chunks(of: group, runs: Self.runs(of: days))
    }
    return work
  }

  /// Records the context once planned work is done.
  package func finish() throws {
    try fillFromWorkouts()
    try fillDeviations()
    try fillFromActivitySummaries()
    try fillHabitDays()
    try saveContext()
  }

  /// Rewrites `daily_workouts` and the workout metrics from the stored workouts (see
  /// `WorkoutDays`). Workouts are few (one or two a day), so they are recomputed whole each
  /// time, like the activity summaries. A workout's distance and energy are its totals, or the
  /// sums of its statistics where modern watchOS leaves the totals out.
  func fillFromWorkouts() throws {
    let totals = WorkoutDays.totals(try workoutEntries(), zone: context.zone)
    try database.execute("DELETE FROM daily_workouts")
    var byDay: [CalendarDay: [Metric.WorkoutMeasure: Double]] = [:]
    for total in totals {
      try database.execute(
        """
        INSERT INTO daily_workouts (day, activity_type, workouts, minutes, distance_km, energy_kcal)
        VALUES (?, ?, ?, ?, ?, ?)
        """,
        [
          .text(total.day.iso), .text(total.activityType), .integer(Int64(total.workouts)),
          .real(Self.rounded(total.minutes)), .real(Self.rounded(total.distance)), .real(Self.rounded(total.energy)),
        ])
      byDay[total.day, default: [:]][.count, default: 0] += Double(total.workouts)
      byDay[total.day, default: [:]][.minutes, default: 0] += total.minutes
      byDay[total.day, default: [:]][.distance, default: 0] += total.distance
      byDay[total.day, default: [:]][.energy, default: 0] += total.energy
    }
    for metric in MetricCatalogue.all {
      guard case .workouts(let measure) = metric.aggregation else { continue }
      try database.execute("DELETE FROM daily_values WHERE metric = ?", [.text(metric.id)])
      for (day, values) in byDay {
        try database.execute(
          "INSERT INTO daily_values (metric, day, value) VALUES (?, ?, ?)",
          [.text(metric.id), .text(day.iso), .real(Self.rounded(values[measure] ?? 0))])
      }
      // The workouts of the day the newest export was made in are that day's so far.
      if let until = try recordingEnds().exported {
        try database.execute(
          "UPDATE daily_values SET partial = 1 WHERE metric = ? AND day = ?",
          [.text(metric.id), .text(LocalDay.day(of: until, in: context.zone).iso)])
      }
    }
  }

  /// Every stored workout as the daily totals see it.
  func workoutEntries() throws -> [WorkoutDays.Entry] {
    var entries: [WorkoutDays.Entry] = []
    for row in try database.rows("SELECT \(WorkoutDays.Entry.storedColumns), w.source_id, w.device_id FROM workouts w")
    {
      let sourceID = row.integer("source_id") ?? 0
      let device = row.integer("device_id") ?? -1
      guard var entry = WorkoutDays.Entry.stored(row, rank: rank(source: sourceID, device: device)) else { continue }
      entry.sourceID = sourceID
      entry.device = device
      entries.append(entry)
    }
    return entries
  }

  /// Rewrites the metrics given as a difference from the person's baseline (wrist temperature;
  /// see `NightlyDeviation`) from their samples. One reading a night: recomputed whole each time.
  func fillDeviations() throws {
    for metric in MetricCatalogue.all {
      guard case .nightlyDeviation(let type) = metric.aggregation else { continue }
      let readings = try database.rows(
        """
        SELECT s.end, s.value FROM samples s JOIN sample_types t ON t.id = s.type_id
        WHERE t.identifier = ? AND t.unit = 'degC' AND s.value IS NOT NULL
        """, [.text(type)]
      ).compactMap { row -> (end: Int64, value: Double)? in
        guard let end = row.integer("end"), let value = row.real("value") else { return nil }
        return (end, value)
      }
      let pushedReadings = try self.pushedReadings(of: type, unit: "degC")
      try database.execute("DELETE FROM daily_values WHERE metric = ?", [.text(metric.id)])
      let merged = Self.preferPushedReadings(pushedReadings, over: readings, zone: context.zone)
      for (day, value) in NightlyDeviation.values(readings: merged, zone: context.zone) {
        try database.execute(
          "INSERT INTO daily_values (metric, day, value) VALUES (?, ?, ?)",
          [.text(metric.id), .text(day.iso), .real(Self.rounded(value))])
      }
    }
  }

  /// Pro-rata shares and sums leave rounding dust (42.00000000000001 steps); a millionth is plenty.
  private static func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }

  /// The activity summary columns that stand for a metric on a day without its samples.
  static let activitySummaryColumns = [
    ("activity.activeEnergy", "active_energy_kcal"), ("activity.exerciseMinutes", "exercise_minutes"),
    ("activity.standHours", "stand_hours"),
  ]

  /// Writes the Health app's own daily figures (`ActivitySummary`: move, exercise, stand) for
  /// days on which the metric has no samples (`filled` = 2). Samples win where they exist: they
  /// are merged by priority and split at your midnight, and the summary is the same day's figure
  /// from the same watch. A summary of zero (days without a watch) is no data. Rewritten whole
  /// each time, like the habit zeros, so it follows new samples and new summaries.
  func fillFromActivitySummaries() throws {
    for (metric, column) in Self.activitySummaryColumns {
      try database.execute("DELETE FROM daily_values WHERE metric = ? AND filled = 2", [.text(metric)])
      try database.execute(
        """
        INSERT INTO daily_values (metric, day, value, filled)
        SELECT ?, date, \(column), 2 FROM activity_summaries WHERE \(column) > 0
        ON CONFLICT DO NOTHING
        """, [.text(metric)])
      // The summary of the day the newest export was made in is that day's so far.
      if let until = try recordingEnds().exported {
        try database.execute(
          "UPDATE daily_values SET partial = 1 WHERE metric = ? AND filled = 2 AND day = ?",
          [.text(metric), .text(LocalDay.day(of: until, in: context.zone).iso)])
      }
    }
  }

  /// Writes the zeros of habit metrics (see `Metric.MissingDay`), after the activity summaries,
  /// which count as evidence and as recorded days; a zero is partial when its evidence is. Every
  /// day from the metric's
  /// first recorded day on on which an evidence metric has a value above zero and the metric
  /// has none. Recomputed whole each time, since evidence and habit days change independently;
  /// it touches only daily values, a few thousand rows.
  ///
  /// Health Auto Export sends only the metrics its automation names: a day whose evidence came
  /// from the app says nothing about a habit the app never sent, so such a habit is filled only
  /// up to the last day the export's own samples are evidence for (`lastEvidenceDay`).
  func fillHabitDays() throws {
    let pushes = try hasPushedData()
    for metric in MetricCatalogue.all {
      guard case .zeroWhenInUse(let evidence) = metric.missingDay else { continue }
      try database.execute("DELETE FROM daily_values WHERE metric = ? AND filled = 1", [.text(metric.id)])
      var lastDay = "9999-12-31"
      if pushes, try !isPushed(metric) {
        guard let day = try lastEvidenceDay(evidence) else { continue }
        lastDay = day.iso
      }
      let placeholders = evidence.map { _ in "?" }.joined(separator: ",")
      try database.execute(
        """
        INSERT INTO daily_values (metric, day, value, filled, partial)
        SELECT ?, day, 0, 1, max(partial) FROM daily_values
        WHERE metric IN (\(placeholders)) AND filled != 1 AND value > 0 AND day <= ?
          AND day >= (SELECT min(day) FROM daily_values WHERE metric = ? AND filled != 1)
        GROUP BY day
        ON CONFLICT DO NOTHING
        """, [.text(metric.id)] + evidence.map { .text($0) } + [.text(lastDay), .text(metric.id)])
    }
  }

  /// The last local day on which the export's (or `panda log`'s) samples of the evidence
  /// metrics were recorded, or their activity summaries.
  private func lastEvidenceDay(_ evidence: [String]) throws -> CalendarDay? {
    var last: Int64?
    for metric in evidence.compactMap(MetricCatalogue.metric) {
      for type in try typeIDs(for: metric) {
        if let end = try database.firstRow(
          "SELECT max(start) AS last_start FROM samples WHERE type_id = ?", [.integer(type.id)])?.integer("last_start")
        {
          last = max(last ?? end, end)
        }
      }
    }
    let day = last.map { LocalDay.day(of: $0, in: context.zone) }
    let summary = try database.firstRow("SELECT max(date) AS last_date FROM activity_summaries")?.text("last_date")
      .flatMap(CalendarDay.init(iso:))
    switch (day, summary) {
    case (let day?, let summary?): return max(day, summary)
    case (let day, let summary): return day ?? summary
    }
  }

  /// Contiguous runs of day numbers.
  static func runs(of days: Set<Int>) -> [ClosedRange<CalendarDay>] {
    var runs: [ClosedRange<CalendarDay>] = []
    for day in days.sorted() {
      if let last = runs.last, last.upperBound.ordinal + 1 == day {
        runs[runs.count - 1] = last.lowerBound...CalendarDay(ordinal: day)
      } else {
        runs.append(CalendarDay(ordinal: day)...CalendarDay(ordinal: day))
      }
    }
    return runs
  }

  private static func chunks(of metrics: [Metric], runs: [ClosedRange<CalendarDay>]) -> [Work] {
    var work: [Work] = []
    for run in runs {
      var start = run.lowerBound
      while start <= run.upperBound {
        let end = min(run.upperBound, start.adding(days: chunkDays - 1))
        work.append(Work(metrics: metrics, days: start...end))
        start = end.adding(days: 1)
      }
    }
    return work
  }

  /// Recomputes the work's days from the stored samples.
  package func perform(_ work: Work) throws {
    try store(Self.compute(try load(work)))
  }

  /// Performs `works` in turn, each one's values computed on another thread while this one reads
  /// the next one's samples and writes the values before: reading and writing need the
  /// database, computing does not. `check` runs before each; throwing from it stops the rest.
  package func perform(_ works: [Work], check: () throws -> Void = {}) throws {
    let worker = DispatchQueue(label: "panda.daily-values")
    var computing: ComputedValues?
    defer { computing?.wait() }
    for work in works {
      try check()
      let loaded = try load(work)
      if let computing, let computed = computing.wait() { try store(computed) }
      let next = ComputedValues()
      worker.async { next.finish(Self.compute(loaded)) }
      computing = next
    }
    if let last = computing?.wait() { try store(last) }
    computing = nil
  }

  /// What computing a work's values takes: its samples and Health Auto Export's.
  struct LoadedWork: Sendable {
    var work: Work
    var grid: DayGrid
    var samples: [DailySample]
    var pushed: [DailySample]
    var pushedNights: [Int: SleepNight]
    /// See `recordingEnds()`.
    var ends: RecordingEnds
    /// For resting heart rate, what its days without a recorded value are derived from.
    var resting: DerivedRestingHeartRate.Inputs? = nil
  }

  /// A work's values by metric, ready to be written.
  struct ComputedWork: Sendable {
    var work: Work
    var grid: DayGrid
    var metrics: [(metric: Metric, values: [Int: Double], partial: Set<Int>, derived: Set<Int>)]
  }

  /// Reads the samples of the work's days (and the two days before, for nights and samples
  /// that began before midnight).
  func load(_ work: Work) throws -> LoadedWork {
    let typeIDs = try self.typeIDs(for: work.metrics[0])
    let grid = DayGrid(from: work.days.lowerBound, through: work.days.upperBound, zone: context.zone)
    let from = grid.start(0) - 2 * 86_400
    let to = grid.start(grid.count)
    var loaded = LoadedWork(
      work: work, grid: grid, samples: try samples(typeIDs, from: from, to: to),
      pushed: try pushedSamples(for: work.metrics[0], from: from, to: to),
      pushedNights: try pushedNights(for: work.metrics[0], grid: grid), ends: try recordingEnds())
    if !Self.derivedFrom(work.metrics[0]).isEmpty {
      loaded.resting = try restingInputs(grid: grid, recorded: loaded.samples + loaded.pushed)
    }
    return loaded
  }

  /// The values of each of the work's metrics.
  static func compute(_ loaded: LoadedWork) -> ComputedWork {
    let grid = loaded.grid
    var metrics: [(metric: Metric, values: [Int: Double], partial: Set<Int>, derived: Set<Int>)] = []
    for metric in loaded.work.metrics {
      let samples =
        metric.aggregation == .sum ? DailyAggregator.wholeDayTotals(loaded.samples, grid: grid) : loaded.samples
      var values = DailyAggregator.values(for: metric, samples: samples, grid: grid)
      var partial = DailyAggregator.partialDays(for: metric, samples: samples, grid: grid)
      if let day = exportedUntilDay(of: metric, loaded.ends.exported, grid: grid), values[day] != nil {
        partial.insert(day)
      }
      // A push of the metric for the export's day covers it: its own figures decide.
      preferPushed(
        metric: metric, pushed: loaded.pushed, nights: loaded.pushedNights, grid: grid, values: &values,
        partial: &partial)
      if let day = recordedUntilDay(of: metric, loaded.ends.pushed, grid: grid), values[day] != nil {
        partial.insert(day)
      }
      var derived = Set<Int>()
      if metric.id == DerivedRestingHeartRate.metricID, let inputs = loaded.resting {
        // A recorded value always wins for its day.
        for (day, result) in DerivedRestingHeartRate.days(inputs, grid: grid) where values[day] == nil {
          guard let value = result.value else { continue }
          values[day] = value
          derived.insert(day)
        }
        // Derived from the readings so far, the day recording stopped in is partly recorded.
        if let until = [loaded.ends.exported, loaded.ends.pushed].compactMap({ $0 }).max(),
          let day = grid.index(of: until), until > grid.start(day), derived.contains(day)
        {
          partial.insert(day)
        }
      }
      metrics.append((metric, values, partial, derived))
    }
    return ComputedWork(work: loaded.work, grid: grid, metrics: metrics)
  }

  /// The day of `grid` the newest export was made in, for every metric: the rest of that day is
  /// not in the export. A night (sleep, from noon to noon) is whole once the export was made
  /// after it ended.
  package static func exportedUntilDay(of metric: Metric, _ until: Int64?, grid: DayGrid) -> Int? {
    guard let until, let day = grid.index(of: until), until > grid.start(day) else { return nil }
    if case .sleep = metric.aggregation, until >= grid.start(day) + 12 * 3_600 { return nil }
    return day
  }

  /// The day of `grid` that recording stopped in (see `recordingEnds()`), for a metric recorded
  /// all day: the rest of that day is not in the data yet.
  package static func recordedUntilDay(of metric: Metric, _ until: Int64?, grid: DayGrid) -> Int? {
    guard metric.isRecordedAllDay, let until, let day = grid.index(of: until), until > grid.start(day) else {
      return nil
    }
    return day
  }

  /// Replaces the values of the work's days.
  func store(_ computed: ComputedWork) throws {
    let days = computed.work.days
    for (metric, values, partial, derived) in computed.metrics {
      try database.execute(
        "DELETE FROM daily_values WHERE metric = ? AND day >= ? AND day <= ?",
        [.text(metric.id), .text(days.lowerBound.iso), .text(days.upperBound.iso)])
      for (index, value) in values where value.isFinite {
        try database.execute(
          "INSERT INTO daily_values (metric, day, value, partial, filled) VALUES (?, ?, ?, ?, ?)",
          [
            .text(metric.id), .text(computed.grid.day(index).iso), .real(Self.rounded(value)),
            .integer(partial.contains(index) ? 1 : 0),
            .integer(derived.contains(index) ? StoredDay.Fill.derived.rawValue : StoredDay.Fill.samples.rawValue),
          ])
      }
    }
  }

  func samples(_ typeIDs: [(id: Int64, scale: Double)], from start: Int64, to end: Int64) throws
    -> [DailySample]
  {
    var samples: [DailySample] = []
    if let cached = cachedSamples(typeIDs, from: start, to: end) {
      samples = cached
      if typeIDs.count > 1 { samples.sort { $0.start < $1.start } }
      return samples
    }
    let statement = try database.cachedStatement(
      """
      SELECT start, end, value, category, source_id, device_id FROM samples
      WHERE type_id = ? AND start >= ? AND start < ? ORDER BY start
      """)
    let column = (
      start: statement.column("start"), end: statement.column("end"), value: statement.column("value"),
      category: statement.column("category"), source: statement.column("source_id"),
      device: statement.column("device_id")
    )
    for type in typeIDs {
      try statement.bind([.integer(type.id), .integer(start), .integer(end)])
      try statement.forEachRow { row in
        let source = row.integer(column.source)
        let device = row.isNull(column.device) ? -1 : row.integer(column.device)
        samples.append(
          DailySample(
            start: row.integer(column.start), end: row.integer(column.end),
            value: row.isNull(column.value) ? nil : row.real(column.value) * type.scale,
            category: row.isNull(column.category) ? nil : row.text(column.category),
            rank: rank(source: source, device: device), source: source, device: device))
      }
    }
    if typeIDs.count > 1 { samples.sort { $0.start < $1.start } }
    return samples
  }

  /// The samples from `newSamples`, as `samples(_:from:to:)` reads them from the database
  /// before sorting; `nil` unless it holds every type.
  private func cachedSamples(_ typeIDs: [(id: Int64, scale: Double)], from start: Int64, to end: Int64)
    -> [DailySample]?
  {
    guard let newSamples else { return nil }
    var samples: [DailySample] = []
    for type in typeIDs {
      guard let rows = newSamples.rows(of: type.id, from: start, to: end) else { return nil }
      samples.reserveCapacity(samples.count + rows.count)
      for row in rows {
        samples.append(
          DailySample(
            start: row.start, end: row.end, value: row.hasValue ? row.value * type.scale : nil,
            category: row.category < 0 ? nil : newSamples.categories[Int(row.category)],
            rank: rank(source: Int64(row.source), device: Int64(row.device)), source: Int64(row.source),
            device: Int64(row.device)))
      }
    }
    return samples
  }

  func typeIDs(for metric: Metric) throws -> [(id: Int64, scale: Double)] {
    try metric.sources.flatMap { source in
      try database.rows(
        "SELECT id FROM sample_types WHERE identifier = ? AND unit = ?", [.text(source.type), .text(source.storedUnit)]
      ).compactMap { row in row.integer("id").map { ($0, source.scale) } }
    }
  }

  private func rank(source: Int64, device: Int64) -> Int {
    let key = RankKey(source: source, device: device)
    if let lastRank, lastRank.key == key { return lastRank.rank }
    if let rank = ranks[key] {
      lastRank = (key, rank)
      return rank
    }
    // An import adds sources and devices while daily values are being computed: reload on a miss.
    if sourceNames[source] == nil || device >= 0 && devices[device] == nil { reloadNames() }
    let deviceInfo = devices[device]
    let rank = context.priority.rank(
      sourceName: sourceNames[source] ?? "", deviceName: deviceInfo?.name, deviceModel: deviceInfo?.model)
    ranks[key] = rank
    lastRank = (key, rank)
    return rank
  }

  private func reloadNames() {
    for row in (try? database.rows("SELECT id, name FROM sources")) ?? [] {
      if let id = row.integer("id") { sourceNames[id] = row.text("name") ?? "" }
    }
    for row in (try? database.rows("SELECT id, name, model FROM devices")) ?? [] {
      if let id = row.integer("id") { devices[id] = (row.text("name"), row.text("model")) }
    }
  }

  private func saveContext() throws {
    try database.execute(
      """
      INSERT INTO daily_values_context (id, time_zone, source_priority) VALUES (1, ?, ?)
      ON CONFLICT (id) DO UPDATE SET time_zone = excluded.time_zone, source_priority = excluded.source_priority
      """, [.text(context.zone.identifier), .text(context.priority.fingerprint)])
  }
}
