import Foundation
import PandaCore

extension ExplainedDay {
  /// The explanation for a terminal, in `units`.
  package func text(metric: Metric, units: DisplayUnits) -> String {
    var text = "\(metric.name) (\(metric.id)) on \(date.iso): "
    text += value.map { units.string($0, unit: metric.unit) } ?? "no value"
    if partial { text += ", partly recorded" }
    text += "\n"
    if let coverage = coverage, metric.isRecordedAllDay {
      text +=
        "Recorded \(MetricFormatter.decimal(coverage * 100, places: 0)) % of the day, from the first sample to the last"
      if recordedUntil == nil {
        text += partial ? " (under a third: partly recorded)" : " (a third or more: a whole day)"
      }
      text += ".\n"
    }
    if let until = recordedUntil {
      text +=
        "The data ends at \(Self.clock(until, day: date)) on this day (when the newest export was made, or "
      text += "Health Auto Export's last data ended): partly recorded until a later import brings the rest of it.\n"
    }
    if let note = note { text += note + "\n" }
    if samples.isEmpty {
      text +=
        metric.aggregation.isWorkouts
        ? "No workouts start on this day.\n" : "No samples of \(metric.name.lowercased()) on this day.\n"
      return text
    }
    text += "\n"
    let figures = Figures.of(self, metric: metric, units: units)
    let rows: [[String]] =
      [["source", "device", "start", "end", "value", "counted", "why not all"]]
      + samples.enumerated().map { index, sample in
        [
          sample.source, sample.device ?? "—", Self.clock(sample.start, day: date),
          Self.clock(sample.end, day: date),
          metric.aggregation.isWorkouts
            ? "\(sample.category ?? "") \(figures.number(sample.value ?? 0))"
            : sample.value.map(figures.number) ?? sample.category.map(Self.plainCategory) ?? "—",
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
    if let night = night {
      text +=
        "\nThe night's intervals (\(Self.clock(night.from, day: date)) to \(Self.clock(night.to, day: date))):\n"
      for source in night.sources {
        text += "  \(source.source): " + Self.intervals(source.intervals, day: date) + "\n"
      }
      text += "  union: " + Self.intervals(night.union, day: date) + "\n"
    }
    let counted = samples.compactMap(\.counted)
    let mean = counted.isEmpty ? nil : counted.reduce(0, +) / Double(counted.count)
    if let value, let derived {
      text +=
        "\nThe median of the \(derived.restingMinutes.counted("resting minute")) (each minute's readings "
        + "averaged) is \(units.string(value, unit: metric.unit)), the day's value as panda series shows it.\n"
    } else if let value = value, let mean, metric.aggregation == .mean,
      units.string(mean, unit: metric.unit) == units.string(value, unit: metric.unit)
    {
      // Said as the first line says the value, so that the two agree.
      text +=
        "\nThe mean of the \(counted.count.counted("reading")) counted is "
        + "\(units.string(mean, unit: metric.unit)), the day's value as panda series shows it.\n"
    } else if value != nil, !counted.isEmpty, note == nil || metric.aggregation.isWorkouts {
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
    static func of(_ document: ExplainedDay, metric: Metric, units: DisplayUnits) -> Figures {
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
      guard metric.aggregation != .mean else {
        return Figures(
          places: places, counted: parts.map { $0.map { number($0, places: places) } }, convert: convert)
      }
      // Durations are apportioned in minutes, the rest in the places shown.
      let scale = places == nil ? 60.0 : 1
      let shown = apportioned(
        parts.map { $0.map { $0 * scale } }, whole: values.indices.map { parts[$0] != nil && parts[$0] == values[$0] },
        to: value.map { $0 * scale }, places: places ?? 0)
      return Figures(
        places: places, counted: shown.map { $0.map { number($0 / scale, places: places) } }, convert: convert)
    }

    /// `parts` rounded to `places` so that they add up to `total` as shown: the parts counted
    /// `whole` keep their own figure and the others take up the rounding (`ExplainedDay.apportioned`);
    /// where they cannot, each part is rounded on its own.
    static func apportioned(_ parts: [Double?], whole: [Bool], to total: Double?, places: Int) -> [Double?] {
      let scale = Foundation.pow(10, Double(places))
      let kept = parts.indices.filter { whole[$0] && parts[$0] != nil }
      let others = parts.indices.filter { !whole[$0] && parts[$0] != nil }
      let keptUnits = kept.map { ((parts[$0] ?? 0) * scale).rounded() }.reduce(0, +)
      if let total, !others.isEmpty {
        let rest = ExplainedDay.apportioned(
          others.map { parts[$0] }, to: ((total * scale).rounded() - keptUnits) / scale, places: places)
        let restUnits = rest.compactMap { $0 }.map { ($0 * scale).rounded() }.reduce(0, +)
        if restUnits + keptUnits == (total * scale).rounded(), rest.allSatisfy({ ($0 ?? 0) >= 0 }) {
          var result = parts.map { $0.map { ($0 * scale).rounded() / scale } }
          for (index, part) in zip(others, rest) { result[index] = part }
          return result
        }
      }
      return kept.isEmpty
        ? ExplainedDay.apportioned(parts, to: total, places: places)
        : parts.map { $0.map { ($0 * scale).rounded() / scale } }
    }

    /// A number of the table: `1,199.2`, or a duration `5 h 49 min`.
    func number(_ value: Double) -> String { Self.number(convert(value), places: places) }

    private static func number(_ value: Double, places: Int?) -> String {
      places.map { MetricFormatter.groupedDecimal(value, places: $0) } ?? MetricFormatter.duration(hours: value)
    }
  }

  private static func intervals(_ list: [Interval], day: CalendarDay) -> String {
    list.isEmpty
      ? "—" : list.map { "\(Self.clock($0.start, day: day))–\(Self.clock($0.end, day: day))" }.joined(separator: ", ")
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
