import Foundation

/// `panda explain METRIC --date D`: the samples behind one day's value, what of each was counted
/// and why the rest was not.
enum ExplainCommand: PandaCommand {
  static let spec = CommandSpec(
    "explain", summary: "the samples behind one day's value, and what of each was counted",
    forms: [
      .init(
        operands: "METRIC", operandValues: MetricCatalogue.all.map(\.id),
        options: [
          OptionSpec("date", valueName: "YYYY-MM-DD", isRequired: true, help: "the day to explain"),
          .format([.text, .json]), .database, .timeZone, .sourcePriority,
        ])
    ],
    details: """
      Lists each sample of the day with its source, device, start, end and value, the part of it
      that was counted and, where not all of it was, why: a source trusted more covered that time,
      a duplicate, outside the day, a placeholder zero. Says how much of the day was recorded and
      whether it counts as partly recorded. The counted parts add up to the day's value, the value
      `panda series` shows; for a metric that is the day's mean (heart rate, HRV), each reading
      counted is shown as it is, and their mean is the day's value. Figures are shown as the day's
      value is, in the metric's precision. For sleep: the night's intervals per source and their
      union.
      """)

  /// The JSON document.
  struct Document: Encodable {
    /// The metric's catalogue id.
    var metric: String
    /// The day explained.
    var date: CalendarDay
    /// The day's value as `series` shows it; `null` without one.
    var value: Double?
    /// The unit of `value` and of every `counted`.
    var unit: String
    /// Whether the day counts as partly recorded.
    var partial: Bool
    /// The share of the day (or night) from the first sample to the last.
    var coverage: Double?
    /// When the data ends, where it ends on this day (the newest export was made, or Health Auto
    /// Export's last bucket ended): the rest of the day is not recorded yet.
    var recordedUntil: String? = nil
    /// How the value was formed when not from the samples listed.
    var note: String?
    /// The day's samples (for sleep, the night's; for workouts, the workouts).
    var samples: [Sample]
    /// For sleep: the night's intervals per source and their union.
    var night: Night?

    private enum CodingKeys: String, CodingKey {
      case metric, date, value, unit, partial, coverage, recordedUntil, note, samples, night
    }

    /// Every key, `null` where there is nothing to say.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(metric, forKey: .metric)
      try container.encode(date, forKey: .date)
      try container.encode(value, forKey: .value)
      try container.encode(unit, forKey: .unit)
      try container.encode(partial, forKey: .partial)
      try container.encode(coverage, forKey: .coverage)
      try container.encode(recordedUntil, forKey: .recordedUntil)
      try container.encode(note, forKey: .note)
      try container.encode(samples, forKey: .samples)
      try container.encode(night, forKey: .night)
    }

    /// One sample, the part of it counted, and why not all.
    struct Sample: Encodable {
      var source: String
      var device: String?
      var start: String
      var end: String
      var value: Double?
      var category: String?
      /// What the sample adds to the day's value: the part of it counted, or, for a metric that
      /// is the day's mean, the reading itself when it counts; `null` for a reading of a mean
      /// that does not count, or where the value is not made of parts (efficiency).
      var counted: Double?
      var reason: String?

      private enum CodingKeys: String, CodingKey {
        case source, device, start, end, value, category, counted, reason
      }

      /// Every key, `null` where there is nothing to say, so that scripts find each field.
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(device, forKey: .device)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(value, forKey: .value)
        try container.encode(category, forKey: .category)
        try container.encode(counted, forKey: .counted)
        try container.encode(reason, forKey: .reason)
      }
    }

    /// A night's window and intervals.
    struct Night: Encodable {
      var from: String
      var to: String
      var sources: [NightSource]
      var union: [Interval]
    }

    /// One source's intervals over the night.
    struct NightSource: Encodable {
      var source: String
      var intervals: [Interval]
    }

    /// From `start` to `end`, local time with its offset.
    struct Interval: Encodable {
      var start: String
      var end: String
    }
  }

  static func run(_ arguments: Arguments, console: Console) async throws -> ExitCode {
    guard let id = arguments.positionals.first else {
      throw UsageError.missingArgument("the METRIC (e.g. activity.steps)")
    }
    if arguments.positionals.count > 1 { throw UsageError.unexpectedArgument(arguments.positionals[1]) }
    let metric = try MetricArgument.metric(id)
    let context = try DailyContextOptions.context(arguments, environment: console.environment)
    guard let day = try DailyContextOptions.day(arguments, "date") else {
      throw UsageError.missingArgument("--date YYYY-MM-DD")
    }
    guard let path = DatabaseLocation.existingPath(arguments, console: console) else { return .noInput }
    let database = try DatabaseLocation.openForReading(path, context: context)
    let store = DailyValueStore(database: database, context: context)
    let explanation = try store.explain(metric, on: day)
    let stored = try database.firstRow(
      "SELECT value, partial, filled FROM daily_values WHERE metric = ? AND day = ?",
      [.text(metric.id), .text(day.iso)])
    let names = try SourceNames(database: database)
    var document = self.document(
      metric, day: day, explanation: explanation, stored: stored.flatMap { row in row.real(0).map { ($0, row) } },
      names: names, zone: context.zone)
    let until = try store.recordedUntil()
    if document.value != nil,
      DailyValueStore.recordedUntilDay(of: metric, until, grid: DayGrid(from: day, through: day, zone: context.zone))
        != nil, let until
    {
      document.recordedUntil = timestamp(until, zone: context.zone)
    }
    if arguments.format == .json {
      console.output(try JSONOutput.string(document) + "\n")
    } else {
      console.output(
        text(document, metric: metric, units: Settings.load(environment: console.environment).displayUnits))
    }
    return .success
  }

  /// Source and device names by id, for people.
  struct SourceNames {
    /// Source names by id.
    var sources: [Int64: String] = [:]
    /// Device names (else models) by id.
    var devices: [Int64: String] = [:]

    /// Reads every source and device name.
    init(database: Database) throws {
      for row in try database.rows("SELECT id, name FROM sources") {
        if let id = row.integer(0) { sources[id] = row.text(1) ?? "" }
      }
      for row in try database.rows("SELECT id, name, model FROM devices") {
        if let id = row.integer(0), let name = row.text(1) ?? row.text(2) { devices[id] = name }
      }
    }

    /// The source's name.
    func source(_ id: Int64) -> String {
      id == DailyValueStore.pushedSource ? DailyValueStore.pushedSourceName : sources[id] ?? "source \(id)"
    }
    /// The device's name, `nil` for none.
    func device(_ id: Int64) -> String? { id < 0 ? nil : devices[id] }
    /// `Sam's Apple Watch (Apple Watch)`, or the source alone.
    func both(_ source: Int64, _ device: Int64) -> String {
      self.device(device).map { "\(self.source(source)) (\($0))" } ?? self.source(source)
    }
  }

  /// The JSON document of `explanation`, with `stored` (the day's row of `daily_values`, when it has one) giving
  /// the value `series` shows.
  static func document(
    _ metric: Metric, day: CalendarDay, explanation: DailyExplanation, stored: (value: Double, row: Row)?,
    names: SourceNames, zone: TimeZone
  ) -> Document {
    let value = stored?.value
    var note: String?
    switch stored?.row.integer(2) {
    case 2:
      note =
        "No samples of it counted on this day: the value is the day's figure from the Health app's activity summary."
    case 1:
      note = "No entry on a day your devices were in use: counted as 0."
    default:
      switch metric.aggregation {
      case .workouts:
        note =
          "The workouts that start on the day, each session once: where two sources recorded it, the one trusted "
          + "more (or the longer)."
      case .nightlyDeviation:
        note = "The night's reading less your own baseline, the mean of the nights of the 30 days before."
      case .mean:
        note = "The mean of the readings that start on the day."
      case .sleep(.efficiency):
        note = "Time asleep divided by time in bed, where in-bed records cover the sleep: not a sum of parts."
      default: break
      }
    }
    let filled = (stored?.row.integer(2) ?? 0) != 0
    let counted: [Double?]
    if metric.aggregation == .mean && !filled {
      // A reading adds itself to a mean, not its share of the total.
      counted = explanation.entries.map { $0.reasons.isEmpty ? $0.sample.value : nil }
    } else {
      let parts = explanation.entries.map { filled ? 0 : $0.counted }
      counted = apportioned(parts, to: filled ? nil : value, places: 6)
    }
    let samples = explanation.entries.enumerated().map { index, entry in
      Document.Sample(
        source: names.source(entry.sample.source), device: names.device(entry.sample.device),
        start: timestamp(entry.sample.start, zone: zone), end: timestamp(entry.sample.end, zone: zone),
        value: entry.sample.value, category: entry.sample.category.map(shortCategory), counted: counted[index],
        reason: entry.reasons.isEmpty
          ? nil
          : entry.reasons.map { reason($0, names: names, metric: metric, category: entry.sample.category) }
            .joined(separator: "; "))
    }
    let window = explanation.window
    let coverage = explanation.span.map { Double($0.count) / Double(window.count) }
    let night = explanation.night.map { night in
      Document.Night(
        from: timestamp(window.lowerBound, zone: zone), to: timestamp(window.upperBound, zone: zone),
        sources: night.bySource.map { source, pieces in
          Document.NightSource(source: names.source(source), intervals: pieces.map { interval($0, zone: zone) })
        }, union: night.union.map { interval($0, zone: zone) })
    }
    return Document(
      metric: metric.id, date: day, value: value, unit: metric.unit,
      partial: stored.map { $0.row.integer(1) == 1 } ?? explanation.isPartial, coverage: coverage, note: note,
      samples: samples, night: night)
  }

  private static func interval(_ range: Range<Int64>, zone: TimeZone) -> Document.Interval {
    Document.Interval(start: timestamp(range.lowerBound, zone: zone), end: timestamp(range.upperBound, zone: zone))
  }

  /// `parts` rounded to `places` decimals so that, where they add up to `total` before rounding,
  /// they add up to it after (largest remainders take the last units); otherwise each rounded.
  static func apportioned(_ parts: [Double?], to total: Double?, places: Int) -> [Double?] {
    let scale = Foundation.pow(10, Double(places))
    let present = parts.compactMap { $0 }
    guard let total, !present.isEmpty else { return parts.map { $0.map { ($0 * scale).rounded() / scale } } }
    let target = (total * scale).rounded()
    let floors = parts.map { $0.map { ($0 * scale).rounded(.down) } }
    var missing = Int(target - floors.compactMap { $0 }.reduce(0, +))
    guard missing >= 0, missing <= present.count else {
      return parts.map { $0.map { ($0 * scale).rounded() / scale } }
    }
    var units = floors
    let order = parts.indices.filter { parts[$0] != nil }.sorted {
      ((parts[$0] ?? 0) * scale - (floors[$0] ?? 0)) > ((parts[$1] ?? 0) * scale - (floors[$1] ?? 0))
    }
    for index in order where missing > 0 {
      units[index] = (units[index] ?? 0) + 1
      missing -= 1
    }
    return units.map { $0.map { $0 / scale } }
  }

  /// `2025-06-10T07:12:00+02:00`.
  static func timestamp(_ instant: Int64, zone: TimeZone) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = zone
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssxxx"
    return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(instant)))
  }

  /// A sleep stage in plain words, as the text shows it: `core sleep` for `AsleepCore`.
  static func plainCategory(_ short: String) -> String {
    switch short {
    case "InBed": "in bed"
    case "Asleep", "AsleepUnspecified": "asleep"
    case "AsleepCore": "core sleep"
    case "AsleepDeep": "deep sleep"
    case "AsleepREM": "REM sleep"
    case "Awake": "awake"
    case "Stood": "stood"
    case "Idle": "did not stand"
    default: short
    }
  }

  /// `AsleepCore` for `HKCategoryValueSleepAnalysisAsleepCore`.
  static func shortCategory(_ value: String) -> String {
    if value.hasPrefix("HKWorkoutActivityType") { return WorkoutActivity.name(value) }
    for prefix in ["HKCategoryValueSleepAnalysis", "HKCategoryValueAppleStandHour", "HKCategoryValue"]
    where value.hasPrefix(prefix) {
      return String(value.dropFirst(prefix.count))
    }
    return value
  }

  /// `12 min`, `1 h 5 min`, `40 s`.
  static func duration(_ seconds: Int64) -> String {
    seconds < 60 ? "\(seconds) s" : MetricFormatter.duration(hours: Double(seconds) / 3_600)
  }

  /// Why not all of a sample counted, in words; a sample of a kind `metric` does not count is
  /// named by its kind (`category`): "in bed does not count toward time asleep".
  static func reason(
    _ reason: DailyExplanation.Reason, names: SourceNames, metric: Metric, category: String?
  ) -> String {
    switch reason {
    case .higherPriority(let source, let device, let seconds):
      "\(duration(seconds)) covered by \(names.both(source, device)), a source trusted more"
    case .duplicate(let source, let device, let seconds):
      "duplicate: \(duration(seconds)) also recorded by \(names.both(source, device)), trusted as much and counted"
    case .overlap(let seconds): "duplicate: \(duration(seconds)) already counted from an overlapping sample"
    case .outsideDay(let seconds): "\(duration(seconds)) outside the day"
    case .placeholderZero: "placeholder zero, not data"
    case .noValue: "no value"
    case .notLatest: "a later reading is the day's value"
    case .sameHour: "this hour already counted"
    case .otherKind:
      if case .hoursWith = metric.aggregation {
        "no standing in this hour"
      } else {
        "\(category.map { plainCategory(shortCategory($0)) } ?? "this kind") does not count toward "
          + (metric.name.first.map { $0.isUppercase && metric.name.dropFirst().first?.isUppercase == true } == true
            ? metric.name : metric.name.prefix(1).lowercased() + metric.name.dropFirst())
      }
    case .stagesFromOtherSource(let source): "stages are taken from \(names.source(source)), which recorded more"
    case .startsOnAnotherDay: "starts on another day"
    case .sentByHealthAutoExport: "Health Auto Export sent this day's figure, which counts instead"
    case .sameSession(let source, let device):
      "duplicate: the same session as the workout from \(names.both(source, device)), which was kept"
    }
  }

  /// The explanation for a terminal, in `units`.
  static func text(_ document: Document, metric: Metric, units: DisplayUnits) -> String {
    var text = "\(metric.name) (\(metric.id)) on \(document.date.iso): "
    text += document.value.map { units.string($0, unit: metric.unit) } ?? "no value"
    if document.partial { text += ", partly recorded" }
    text += "\n"
    if let coverage = document.coverage, metric.isRecordedAllDay {
      text +=
        "Recorded \(MetricFormatter.decimal(coverage * 100, places: 0)) % of the day, from the first sample to the last"
      if document.recordedUntil == nil {
        text += document.partial ? " (under a third: partly recorded)" : " (a third or more: a whole day)"
      }
      text += ".\n"
    }
    if let until = document.recordedUntil {
      text += "The data ends at \(clock(until, day: document.date)) on this day (when the newest export was made, or "
      text += "Health Auto Export's last data ended): partly recorded until a later import brings the rest of it.\n"
    }
    if let note = document.note { text += note + "\n" }
    if document.samples.isEmpty {
      text +=
        metric.aggregation.isWorkouts
        ? "No workouts start on this day.\n" : "No samples of \(metric.name.lowercased()) on this day.\n"
      return text
    }
    text += "\n"
    let figures = Figures(document, metric: metric, units: units)
    let rows: [[String]] =
      [["source", "device", "start", "end", "value", "counted", "why not all"]]
      + document.samples.enumerated().map { index, sample in
        [
          sample.source, sample.device ?? "—", clock(sample.start, day: document.date),
          clock(sample.end, day: document.date),
          metric.aggregation.isWorkouts
            ? "\(sample.category ?? "") \(figures.number(sample.value ?? 0))"
            : sample.value.map(figures.number) ?? sample.category.map(plainCategory) ?? "—",
          figures.counted[index] ?? "—", sample.reason ?? "",
        ]
      }
    let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
    for row in rows {
      let cells = (0..<6).map { column -> String in
        let padding = String(repeating: " ", count: widths[column] - row[column].count)
        return column >= 4 ? padding + row[column] : row[column] + padding
      }
      var line = "  " + cells.joined(separator: "  ") + "  " + row[6]
      while line.hasSuffix(" ") { line.removeLast() }
      text += line + "\n"
    }
    if let night = document.night {
      text +=
        "\nThe night's intervals (\(clock(night.from, day: document.date)) to \(clock(night.to, day: document.date))):\n"
      for source in night.sources {
        text += "  \(source.source): " + intervals(source.intervals, day: document.date) + "\n"
      }
      text += "  union: " + intervals(night.union, day: document.date) + "\n"
    }
    let counted = document.samples.compactMap(\.counted)
    let mean = counted.isEmpty ? nil : counted.reduce(0, +) / Double(counted.count)
    if let value = document.value, let mean, metric.aggregation == .mean,
      units.string(mean, unit: metric.unit) == units.string(value, unit: metric.unit)
    {
      // Said as the first line says the value, so that the two agree.
      text +=
        "\nThe mean of the \(DataGuidance.count(counted.count, "reading")) counted is "
        + "\(units.string(mean, unit: metric.unit)), the day's value as panda series shows it.\n"
    } else if document.value != nil, !counted.isEmpty, document.note == nil || metric.aggregation.isWorkouts {
      text +=
        "\nThe counted parts add up to \(units.string(counted.reduce(0, +), unit: metric.unit)), the day's value "
        + "as panda series shows it.\n"
    }
    return text
  }

  /// The figures of the table, in the units and precision of the day's value as the first line
  /// shows it (with the decimals, up to two, that keep a small sample from reading as 0), with
  /// thousands grouped. A sample counted whole shows the same figure in both columns; the parts
  /// of samples counted in part take up the rounding, so that the column adds up to the value as
  /// shown where they can.
  struct Figures {
    /// The places every number is shown with; `nil` for durations, shown to the minute.
    var places: Int?
    /// The counted column, one entry per sample (`nil` for none).
    var counted: [String?]
    private var convert: (Double) -> Double

    /// The figures of `document`'s samples.
    init(_ document: Document, metric: Metric, units: DisplayUnits) {
      let convert = { units.converted($0, unit: metric.unit).value }
      let value = document.value.map(convert)
      let parts = document.samples.map { $0.counted.map(convert) }
      let values = document.samples.map { $0.value.map(convert) }
      var places = MetricFormatter.places(value ?? 0, unit: units.unit(metric.unit))
      func vanishes(_ number: Double?, _ places: Int) -> Bool {
        guard let number, number != 0 else { return false }
        return MetricFormatter.shownDifference(number, 0, places: places) == 0
      }
      while let shown = places, shown < 2, (parts + values).contains(where: { vanishes($0, shown) }) {
        places = shown + 1
      }
      self.convert = convert
      guard metric.aggregation != .mean else {
        self.places = places
        counted = parts.map { $0.map { Self.number($0, places: places) } }
        return
      }
      // Durations are apportioned in minutes, the rest in the places shown.
      let scale = places == nil ? 60.0 : 1
      let shown = Self.apportioned(
        parts.map { $0.map { $0 * scale } }, whole: values.indices.map { parts[$0] != nil && parts[$0] == values[$0] },
        to: value.map { $0 * scale }, places: places ?? 0)
      self.places = places
      counted = shown.map { $0.map { Self.number($0 / scale, places: places) } }
    }

    /// `parts` rounded to `places` so that they add up to `total` as shown: the parts counted
    /// `whole` keep their own figure and the others take up the rounding (`ExplainCommand.apportioned`);
    /// where they cannot, each part is rounded on its own.
    static func apportioned(_ parts: [Double?], whole: [Bool], to total: Double?, places: Int) -> [Double?] {
      let scale = Foundation.pow(10, Double(places))
      let kept = parts.indices.filter { whole[$0] && parts[$0] != nil }
      let others = parts.indices.filter { !whole[$0] && parts[$0] != nil }
      let keptUnits = kept.map { ((parts[$0] ?? 0) * scale).rounded() }.reduce(0, +)
      if let total, !others.isEmpty {
        let rest = ExplainCommand.apportioned(
          others.map { parts[$0] }, to: ((total * scale).rounded() - keptUnits) / scale, places: places)
        let restUnits = rest.compactMap { $0 }.map { ($0 * scale).rounded() }.reduce(0, +)
        if restUnits + keptUnits == (total * scale).rounded(), rest.allSatisfy({ ($0 ?? 0) >= 0 }) {
          var result = parts.map { $0.map { ($0 * scale).rounded() / scale } }
          for (index, part) in zip(others, rest) { result[index] = part }
          return result
        }
      }
      return kept.isEmpty
        ? ExplainCommand.apportioned(parts, to: total, places: places)
        : parts.map { $0.map { ($0 * scale).rounded() / scale } }
    }

    /// A number of the table: `1,199.2`, or a duration `5 h 49 min`.
    func number(_ value: Double) -> String { Self.number(convert(value), places: places) }

    private static func number(_ value: Double, places: Int?) -> String {
      places.map { MetricFormatter.groupedDecimal(value, places: $0) } ?? MetricFormatter.duration(hours: value)
    }
  }

  private static func intervals(_ list: [Document.Interval], day: CalendarDay) -> String {
    list.isEmpty ? "—" : list.map { "\(clock($0.start, day: day))–\(clock($0.end, day: day))" }.joined(separator: ", ")
  }

  /// `07:12`, or `06-09 23:40` for another day.
  private static func clock(_ timestamp: String, day: CalendarDay) -> String {
    let date = String(timestamp.prefix(10))
    let time = String(timestamp.dropFirst(11).prefix(5))
    return date == day.iso ? time : "\(date.dropFirst(5)) \(time)"
  }
}

extension Metric.Aggregation {
  /// Whether the metric is a measure of the day's workouts.
  var isWorkouts: Bool {
    if case .workouts = self { true } else { false }
  }
}
