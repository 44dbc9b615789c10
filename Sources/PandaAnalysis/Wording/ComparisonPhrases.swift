import PandaCore

/// The sentence the offline analyzer writes about two stretches of days a caller chose
/// ("Steps averaged 8,432 a day from 2025-06-01 to 2025-06-30, 512 more than the 7,920 of
/// 2025-05-01 to 2025-05-31."), with the same care as the insights: no comparison word for a
/// partly recorded day or too few readings, and a change within the day-to-day spread said so.
package enum ComparisonPhrases {
  /// The sentence for a comparison that has a trend.
  package static func sentence(
    _ trend: MetricTrend, metric: Metric, current: DayRange, baseline: DayRange,
    units: DisplayUnits = .metric
  ) -> String {
    // The difference of the figures as shown, so the sentence adds up for the reader; two values
    // that round alike are shown with the decimals that tell them apart.
    let unit = units.unit(metric.unit)
    let currentValue = units.converted(trend.current, unit: metric.unit).value
    let baselineValue = units.converted(trend.baseline, unit: metric.unit).value
    let places = MetricFormatter.distinguishingPlaces(currentValue, baselineValue, unit: unit)
    let (now, before) = MetricFormatter.pair(currentValue, baselineValue, unit: unit)
    let shownChange =
      places.map { MetricFormatter.shownDifference(currentValue, baselineValue, places: $0) }
      ?? MetricFormatter.shown(currentValue, unit: unit) - MetricFormatter.shown(baselineValue, unit: unit)
    let amount = MetricFormatter.difference(
      abs(shownChange != 0 ? shownChange : units.convertedDifference(trend.change, unit: metric.unit).value),
      unit: unit, places: places)
    let currentSpan = span(current)
    let baselineSpan = span(baseline)
    let baselineDays = days(baseline)
    switch trend.evidence ?? .enough {
    case .partialDay:
      return
        "\(metric.name) on \(current.first.iso) was only partly recorded (\(now) from the readings there are), "
        + "so it is not compared with \(baselineSpan)."
    case .fewReadings:
      return
        "\(metric.name): \(trend.currentDays.counted("day")) with readings \(currentSpan), "
        + "\(metric.aggregation == .latest ? "the latest" : "averaging") \(now); \(baselineSpan) "
        + "\(metric.aggregation == .latest ? "ended at" : "averaged") \(before). Too few readings to call a trend."
    case .enough:
      break
    }
    let verb = metric.aggregation == .latest ? "was at" : "averaged"
    var sentence = "\(metric.name) \(verb) \(now) \(currentSpan)"
    let more = trend.change > 0 ? "more" : "less"
    switch trend.size ?? .clear {
    case .negligible where HeuristicPhrases.isSmall(trend):
      sentence += ", in line with the \(before) of \(baselineDays)"
    case .negligible:
      sentence += ", \(amount) \(more) than the \(before) of \(baselineDays)"
    case .withinNoise where trend.daysVaryALot:
      sentence +=
        ", \(amount) \(more) than the \(before) of \(baselineDays), but the days vary a lot, so this is not a clear change"
    case .withinNoise:
      sentence += ", \(amount) \(more) than the \(before) of \(baselineDays), not a clear change"
    case .clear:
      sentence += ", \(amount) \(more) than the \(before) of \(baselineDays)"
      switch trend.assessment {
      case .improving: sentence += ": a clear improvement"
      case .declining: sentence += ": a clear change for the worse"
      case .stable: sentence += trend.evidence == .enough ? ": a clear change" : ""
      }
    }
    sentence += "."
    if let leftOut = trend.partialDaysLeftOut, leftOut > 0 {
      sentence += " The averages leave out \(leftOut.counted("partly recorded day"))."
    }
    return sentence
  }

  /// Why two stretches cannot be compared.
  package static func shortfall(
    _ shortfall: TrendCalculator.Shortfall, metric: Metric, current: DayRange,
    baseline: DayRange
  ) -> String {
    switch shortfall {
    case .noCurrentData:
      return "\(metric.name) has no value \(span(current)), so there is nothing to compare."
    case .tooFewDays(let currentDays, let baselineDays, let currentPartial, let baselinePartial):
      var sentence =
        "Too few days to compare \(metric.name.lowercased()): \(currentDays.counted("whole day")) "
        + "with data \(span(current)) and \(baselineDays.counted("whole day")) \(span(baseline))"
      let partial = currentPartial + baselinePartial
      if partial > 0 { sentence += " (\(partial.counted("partly recorded day")) left out)" }
      return sentence + "; each stretch needs data on at least half of its days."
    }
  }

  /// "2025-06-01" or "2025-06-01 to 2025-06-30".
  static func days(_ days: DayRange) -> String {
    days.first == days.last ? days.first.iso : "\(days.first.iso) to \(days.last.iso)"
  }

  /// "on 2025-06-01" or "from 2025-06-01 to 2025-06-30".
  static func span(_ days: DayRange) -> String {
    days.first == days.last
      ? "on \(days.first.iso)" : "from \(days.first.iso) to \(days.last.iso)"
  }
}
