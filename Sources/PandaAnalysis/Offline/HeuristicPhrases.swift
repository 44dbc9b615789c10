import PandaCore

/// The sentences of the offline analyzer.
enum HeuristicPhrases {
  /// What a card says of one metric's difference from its usual, decided once (`verdict(_:)`)
  /// for the metric's sentence and the headline alike, so that the two cannot disagree.
  enum Verdict: Equatable {
    /// The day was only partly recorded: no comparison.
    case partialDay
    /// Too few readings: no comparison.
    case fewReadings
    /// Close to the usual: "in line with", "the same".
    case unchanged
    /// Below the size worth mentioning but not close: "100 more than your usual", a small difference.
    case small
    /// Worth mentioning, but within the day-to-day spread: "not a clear change yet".
    case withinNoise
    /// Worth mentioning and beyond the spread: "2.5 kg less than your usual".
    case clear
  }

  /// The verdict on `trend` (see `Verdict`).
  static func verdict(_ trend: MetricTrend) -> Verdict {
    switch trend.evidence ?? .enough {
    case .partialDay: return .partialDay
    case .fewReadings: return .fewReadings
    case .enough: break
    }
    switch trend.size ?? (trend.direction == .flat ? .negligible : .clear) {
    case .negligible: return isSmall(trend) ? .unchanged : .small
    case .withinNoise: return .withinNoise
    case .clear: return .clear
    }
  }

  /// What happened to one metric, with its numbers: "You slept 6 h 5 min a night this week,
  /// 1 h 10 min less than your usual 7 h 15 min."
  ///
  /// The words follow the size of the difference: "in line with" only below the metric's
  /// worth-mentioning threshold (and under 25 %); a difference within the person's day-to-day
  /// spread says so; a partly recorded day or too few readings are stated plainly, without a
  /// comparison word.
  static func sentence(
    _ trend: MetricTrend, metric: Metric, period: InsightPeriod, units: DisplayUnits = .metric
  ) -> String {
    // The figures in the units shown; the trend's own stay in the catalogue's.
    let unit = units.unit(metric.unit)
    let currentValue = units.converted(trend.current, unit: metric.unit).value
    let baselineValue = units.converted(trend.baseline, unit: metric.unit).value
    let changeValue = units.convertedDifference(trend.change, unit: metric.unit).value
    // Two different values that round to the same figure are shown with the decimals that tell
    // them apart, so "1 flight more than 4 flights" never follows "4 flights"; but only where
    // the difference is worth a word: otherwise they are the same at the usual precision.
    var places =
      carriesDifference(trend) ? MetricFormatter.distinguishingPlaces(currentValue, baselineValue, unit: unit) : nil
    // Sameness words between figures that round apart ("5 flights, close to your average of 6
    // flights" for 5.41 against 5.53) take the decimals that show them as close as they are.
    if places == nil, verdict(trend) == .unchanged, trend.change != 0,
      !readsAsClose(
        MetricFormatter.shown(currentValue, unit: unit), MetricFormatter.shown(baselineValue, unit: unit)),
      let shownPlaces = MetricFormatter.places(baselineValue, unit: unit)
    {
      places = (shownPlaces + 1...shownPlaces + 2).first { extra in
        readsAsClose(rounded(currentValue, places: extra), rounded(baselineValue, places: extra))
      }
    }
    func figure(_ value: Double) -> String {
      places.map { "\(MetricFormatter.decimal(value, places: $0)) \(unit)" }
        ?? MetricFormatter.string(value, unit: unit)
    }
    // A value as its figure reads (durations to the minute).
    func shown(_ value: Double) -> Double {
      places.map { rounded(value, places: $0) } ?? MetricFormatter.shown(value, unit: unit)
    }
    let current = figure(currentValue)
    let baseline = figure(baselineValue)
    let night = metric.category == .sleep
    let usual = period == .monthly ? "your average of \(baseline) in the three months before" : "your usual \(baseline)"
    switch trend.evidence ?? .enough {
    case .partialDay:
      let day = night ? "Last night" : "Yesterday"
      return
        "\(day) was only partly recorded: \(lowercasedName(metric)) \(current) from the readings there are, "
        + "so it is not compared with \(usual)."
    case .fewReadings:
      let when = period == .daily ? (night ? "last night" : "yesterday") : period.currentPhrase
      let usualClause =
        period == .monthly ? "your average in the three months before is \(baseline)" : "your usual is \(baseline)"
      // A day's total (steps, dietary energy) is one value however many entries made it: its
      // readings are days.
      let isTotal = metric.aggregation == .sum || metric.aggregation == .duration
      let readings: String
      if trend.currentDays == 1 {
        readings = isTotal ? "\(current) \(when)" : "one reading \(when), \(current)"
      } else {
        readings =
          "\(trend.currentDays.counted("day")) with \(isTotal ? "data" : "readings") \(when), "
          + (metric.aggregation == .latest ? "the latest \(current)" : "averaging \(current)")
      }
      let earlier = trend.baselineDays == 1 ? (isTotal ? " (only one earlier day)" : " (only one earlier reading)") : ""
      let tooFew = isTotal ? "Too few days with data to call a trend." : "Too few readings to call a trend."
      return "\(metric.name): \(readings); \(usualClause)\(earlier). \(tooFew)"
    case .enough:
      break
    }
    if period == .daily, trend.current == 0, trend.baseline > 0,
      metric.aggregation == .sum || metric.aggregation == .duration
    {
      // "0 min, 4 min less than your usual 4 min" says the same thing three times.
      let noise = trend.size == .withinNoise ? ", but \(notClearYet(trend, period: period))" : ""
      return "No \(lowercasedName(metric)) \(night ? "last night" : "yesterday"); your usual is \(baseline)\(noise)."
    }
    let per = night ? "a night" : "a day"
    let when: String
    switch period {
    case .daily: when = night ? "last night" : "yesterday"
    case .weekly, .monthly:
      switch metric.aggregation {
      case .latest: when = "now"
      // A day's value that is itself an average (walking speed, heart rate) is not "a day".
      case .mean: when = period.currentPhrase
      default: when = "\(per) \(period.currentPhrase)"
      }
    }
    // The difference of the figures as shown, so the sentence adds up for the reader.
    let shownChange = MetricFormatter.shown(currentValue, unit: unit) - MetricFormatter.shown(baselineValue, unit: unit)
    let amount =
      places.map {
        MetricFormatter.difference(
          abs(MetricFormatter.shownDifference(currentValue, baselineValue, places: $0)), unit: unit, places: $0)
      }
      ?? MetricFormatter.difference(abs(shownChange != 0 ? shownChange : changeValue), unit: unit)
    let moreOrLess = trend.change > 0 ? more(metric) : less(metric)
    let comparison: String
    switch verdict(trend) {
    case .unchanged where trend.change == 0:
      comparison = "the same as \(usual)"
    case .unchanged where shownChange == 0 && places == nil, .small where shownChange == 0 && places == nil:
      // Figures that round alike: the same at the precision shown, not "1631.69 vs 1631.73".
      comparison = "the same, \(MetricFormatter.precision(baselineValue, unit: unit)), as \(usual)"
    case .unchanged where !readsAsClose(shown(currentValue), shown(baselineValue)):
      // Figures that still read as apart are stated as a difference, never as "close to".
      comparison = "\(amount) \(moreOrLess) than \(usual)"
    case .unchanged, .partialDay, .fewReadings:
      comparison = "\(pick(["in line with", "close to", "much like"], seed: metric.id + period.rawValue)) \(usual)"
    case .small, .clear:
      comparison = "\(amount) \(moreOrLess) than \(usual)"
    case .withinNoise:
      comparison = "\(amount) \(moreOrLess) than \(usual), but \(notClearYet(trend, period: period))"
    }
    if trend.assessment != .stable, let habit = trend.habit {
      // A claim of change never sets two figures that read alike side by side.
      let (now, before) = MetricFormatter.pair(currentValue, baselineValue, unit: unit)
      return habitClaim(
        habit, metric: metric, period: period, current: now, usual: before, unit: unit, units: units,
        up: trend.change > 0)
    }
    let sentence = "\(opening(metric, current: current, when: when, period: period)), \(comparison)."
    guard let leftOut = trend.partialDaysLeftOut, leftOut > 0, period != .daily else { return sentence }
    // Which window's days: "the average" alone reads as the one just stated.
    guard let inCurrent = trend.currentPartialDaysLeftOut else {
      return sentence + " The averages leave out \(leftOut.counted("partly recorded day"))."
    }
    let now = period == .weekly ? "this week" : "in the last 30 days"
    let before = leftOut - inCurrent
    if before == 0 {
      return sentence + " The average leaves out \(inCurrent.counted("partly recorded day")) \(now)."
    }
    if inCurrent == 0 {
      return sentence + " Your usual leaves out \(before.counted("partly recorded day"))."
    }
    return sentence
      + " The averages leave out \(inCurrent.counted("partly recorded day")) \(now) and \(before.grouped) before."
  }

  /// Why a difference worth mentioning is not yet a clear change: "your days vary a lot, so this
  /// is not a clear change yet" only where they do next to the difference
  /// (`MetricTrend.daysVaryALot`); otherwise only that it is not clear yet.
  static func notClearYet(_ trend: MetricTrend, period: InsightPeriod) -> String {
    guard trend.daysVaryALot else { return "this is not a clear change yet" }
    let spread = period == .daily ? "your days vary a lot" : "your days vary a lot from one to the next"
    return "\(spread), so this is not a clear change yet"
  }

  /// A habit's claim, said as the change it rests on: how often ("Flights climbed on 6 of the
  /// last 7 days, more often than your usual 3 in 7"), or how much on the days with a session;
  /// the amounts a day follow as figures.
  private static func habitClaim(
    _ habit: HabitChange, metric: Metric, period: InsightPeriod, current: String, usual: String, unit: String,
    units: DisplayUnits, up: Bool
  ) -> String {
    let name = metric.name
    let before = period == .monthly ? "in the three months before" : "before"
    let perDay = "\(current) a day against \(usual) \(before)"
    switch habit.basis {
    case .frequency:
      let usualDays = Double(habit.baselineDaysWithAny) / Double(max(1, habit.baselineDays)) * Double(habit.currentDays)
      // Decimals where the whole number would read as the days of now: "on 20 …, more often
      // than about 19.6", never "than about 20" (19.96 takes two places: "19.96").
      let now = "\(habit.currentDaysWithAny)"
      var places = usualDays < 10 || MetricFormatter.decimal(usualDays, places: 0) == now ? 1 : 0
      while places < 3, MetricFormatter.decimal(usualDays, places: places) == now { places += 1 }
      let usualText = MetricFormatter.decimal(usualDays, places: places)
      return
        "\(name) on \(habit.currentDaysWithAny) of the last \(habit.currentDays) days, \(up ? "more" : "less") often "
        + "than about \(usualText) in \(habit.currentDays) \(before); \(perDay)."
    case .sessions:
      var now = habit.currentSession.map { format($0, unit: metric.unit, units: units) } ?? "—"
      var then = habit.baselineSession.map { format($0, unit: metric.unit, units: units) } ?? "—"
      if let current = habit.currentSession, let baseline = habit.baselineSession {
        (now, then) = MetricFormatter.pair(
          units.converted(current, unit: metric.unit).value, units.converted(baseline, unit: metric.unit).value,
          unit: unit)
      }
      return
        "On the days with any, \(lowercasedName(metric)) averaged \(now) \(period.currentPhrase), "
        + "\(up ? "more" : "less") than the \(then) of such days \(before); \(perDay)."
    }
  }

  private static func format(_ value: Double, unit: String, units: DisplayUnits) -> String {
    MetricFormatter.string(units.converted(value, unit: unit).value, unit: units.unit(unit))
  }

  /// Whether two figures as shown read as close enough for sameness words: under a tenth of the
  /// usual apart, as `isSmall` asks of the values themselves.
  static func readsAsClose(_ shownValue: Double, _ shownUsual: Double) -> Bool {
    // A hair under a tenth, so that 9 against 10 (a tenth, in floating point 0.0999…) is apart.
    shownUsual == 0 ? shownValue == 0 : abs(shownValue - shownUsual) < abs(shownUsual) / 10 * (1 - 1e-9)
  }

  /// `value` rounded to `places` decimals.
  static func rounded(_ value: Double, places: Int) -> Double {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return (value * scale).rounded() / scale
  }

  /// Whether a difference carries a real change, so that figures rounding alike are told
  /// apart with decimals: at least the size worth mentioning (an insight cached before sizes
  /// were recorded keeps its decimals).
  static func carriesDifference(_ trend: MetricTrend) -> Bool {
    trend.size.map { $0 != .negligible } ?? true
  }

  /// Whether a difference is small enough for sameness words ("much like your usual"): below
  /// the threshold worth mentioning and under a tenth of the usual value (a fifth less deep
  /// sleep is not "much like" the usual).
  static func isSmall(_ trend: MetricTrend) -> Bool {
    let threshold = trend.threshold ?? .infinity
    return trend.change == 0 || (abs(trend.change) < threshold && abs(trend.changePercent ?? 0) < 10)
  }

  private static func opening(_ metric: Metric, current: String, when: String, period: InsightPeriod) -> String {
    let averaged = period == .daily ? "was" : "averaged"
    let latest = period == .daily ? "was" : "is"
    switch metric.id {
    case "sleep.asleep": return "You slept \(current) \(when)"
    case "activity.steps": return "You took \(current) \(when)"
    case "activity.exerciseMinutes": return "You exercised \(current) \(when)"
    case "activity.flightsClimbed": return "You climbed \(current) \(when)"
    case "activity.standHours": return "You stood during \(current) \(when)"
    case "mindfulness.mindfulMinutes": return "You spent \(current) \(when) on mindfulness"
    default:
      // A reading of one day is in the past ("was … yesterday"); the latest reading over a
      // week or a month is the level now ("is … now").
      let verb = metric.aggregation == .latest ? latest : averaged
      return "Your \(lowercasedName(metric)) \(verb) \(current) \(when)"
    }
  }

  /// The metric's name inside a sentence: "time asleep", but "REM sleep" and "VO2 max" as they are.
  static func lowercasedName(_ metric: Metric) -> String {
    let name = metric.name
    // Keep acronyms (REM, VO2) as they are.
    guard let first = name.first, name.dropFirst().first?.isLowercase ?? true else { return name }
    return first.lowercased() + name.dropFirst()
  }

  private static func more(_ metric: Metric) -> String {
    switch metric.unit {
    case "steps", "flights", "workouts", "falls", "hours": "more"
    case "h", "min", "kcal", "mL", "km": "more"
    case "cm": "longer"
    case "km/h": "faster"
    default: "higher"
    }
  }

  private static func less(_ metric: Metric) -> String {
    switch metric.unit {
    case "steps", "flights", "workouts", "falls", "hours": "fewer"
    case "h", "min", "kcal", "mL", "km": "less"
    case "cm": "shorter"
    case "km/h": "slower"
    default: "lower"
    }
  }

  /// The headline for a category and period. Claims (improving, declining) lead, the largest
  /// first, measured in worth-mentioning thresholds; "held steady" only when every metric with
  /// enough readings is close to its usual; too few readings and partly recorded days never
  /// make a claim.
  static func summary(request: InsightRequest, metrics: [MetricAssessment]) -> String {
    let ranked = metrics.sorted { $0.trend.weight > $1.trend.weight }
    // A claim needs the verdict its sentence gives: a clear change.
    func claimed(_ assessment: Assessment) -> [Metric] {
      ranked.filter { $0.assessment == assessment && verdict($0.trend) == .clear }
        .compactMap { MetricCatalogue.metric($0.metric) }
    }
    let improving = claimed(.improving)
    let declining = claimed(.declining)
    let category = request.category.displayName
    let when = request.period.summaryPhrase
    let span = request.period == .daily ? "day" : request.period == .weekly ? "week" : "month"
    var summary: String
    switch (improving.isEmpty, declining.isEmpty) {
    case (false, true):
      let improvingIs = "\(list(improving)) \(be(improving)) improving"
      // Not "a good week" on a minor metric while the category's main one is within the
      // day-to-day spread.
      summary =
        leadWithinNoise(ranked, category: request.category).map { "\(improvingIs.capitalizedFirst) \(when); \($0)" }
        ?? "A good \(span) for your \(category): \(improvingIs)."
    case (true, false):
      let decliningIs = "\(list(declining)) \(be(declining)) going the wrong way"
      summary =
        leadWithinNoise(ranked, category: request.category).map { "\(decliningIs.capitalizedFirst) \(when); \($0)" }
        ?? "Your \(category) slipped \(when): \(decliningIs)."
    case (false, false):
      let good = "\(list(improving)) improving"
      let bad = "\(list(declining)) declining"
      let goodFirst =
        (ranked.first { $0.assessment != .stable && verdict($0.trend) == .clear }?.assessment ?? .improving)
        == .improving
      summary = "Mixed \(when) for your \(category): \(goodFirst ? good : bad), \(goodFirst ? bad : good)."
    case (true, true):
      let verdicts = ranked.map { ($0, verdict($0.trend)) }
      let compared = verdicts.filter { $0.1 != .partialDay && $0.1 != .fewReadings }
      let clear = compared.filter { $0.1 == .clear }.compactMap { assessment, _ -> String? in
        guard let metric = MetricCatalogue.metric(assessment.metric) else { return nil }
        let way = assessment.change > 0 ? more(metric) : less(metric)
        return "\(lowercasedName(metric)) \(be([metric])) clearly \(way)"
      }
      if compared.isEmpty {
        let partial = ranked.contains { $0.trend.evidence == .partialDay }
        summary =
          partial
          ? "Too little to judge your \(category) \(when): the day was only partly recorded."
          : "Too few readings to judge your \(category) \(when)."
      } else if !clear.isEmpty {
        // A clear difference that is neither good nor bad news (weight), or not yet a trend:
        // said as its sentence says it, never as "small" nor as no trend.
        summary = "In your \(category) \(when), \(clear.joinedAsList) than your usual."
      } else if compared.contains(where: { $0.1 == .withinNoise && $0.0.trend.daysVaryALot }) {
        summary =
          "No clear change in your \(category) \(when): the differences from your usual are within your day-to-day ups and downs."
      } else if compared.contains(where: { $0.1 == .withinNoise }) {
        summary = "No clear change in your \(category) \(when): the differences from your usual are not clear yet."
      } else if compared.contains(where: { $0.1 == .small }) {
        summary = "No clear change in your \(category) \(when): the differences from your usual are small."
      } else if ranked.contains(where: { !isSmall($0.trend) }) {
        // A partly recorded day or a lone reading far from the usual: not "steady" beside it.
        summary = "No clear change in your \(category) \(when) among the readings that can be compared."
      } else {
        summary = "Your \(category) held steady \(when)."
      }
    }
    // A level far outside its healthy range comes first, before any word on stability: steady
    // at 3 h 32 min a night is no reassurance. One day is not a level.
    if request.period != .daily,
      let lead = ranked.lazy.compactMap({ assessment -> String? in
        guard (assessment.trend.evidence ?? .enough) == .enough, let metric = assessment.trend.catalogueMetric else {
          return nil
        }
        return farLevelLead(metric: metric, value: assessment.current)
      }).first
    {
      summary = lead + " " + summary
    }
    let missing = request.shortfalls.filter { shortfall in
      guard case .tooFewDays = shortfall.shortfall else { return false }
      return MetricCatalogue.metric(shortfall.metric) != nil
    }
    if !missing.isEmpty {
      summary +=
        " " + DataGuidance.sentences(missing, period: request.period, units: request.units).joined(separator: " ")
    }
    return summary
  }

  /// "steps rose, but within your day-to-day ups and downs.": the category's lead metric (steps
  /// for activity) when it has enough readings and a difference within the day-to-day spread,
  /// which a headline on another metric may not pass over; `nil` otherwise.
  private static func leadWithinNoise(_ ranked: [MetricAssessment], category: HealthCategory) -> String? {
    let lead = MetricCatalogue.metrics(in: category).first?.id
    guard
      let assessment = ranked.first(where: { $0.metric == lead }), assessment.assessment == .stable,
      (assessment.trend.evidence ?? .enough) == .enough, assessment.trend.size == .withinNoise,
      !isSmall(assessment.trend), let metric = assessment.trend.catalogueMetric
    else { return nil }
    let spread = assessment.trend.daysVaryALot ? "within your day-to-day ups and downs" : "not clearly yet"
    return "\(lowercasedName(metric)) \(assessment.change > 0 ? "rose" : "fell"), but \(spread)."
  }

  /// How big a change is, in multiples of the metric's worth-mentioning threshold.
  static func size(_ trend: MetricTrend) -> Double {
    guard let metric = trend.catalogueMetric else { return 0 }
    let threshold = metric.meaningfulChange.threshold(baseline: trend.baseline)
    return threshold > 0 ? abs(trend.change) / threshold : abs(trend.change)
  }

  /// The range in which a metric's level is healthy per shared guidance (health-metrics.md), for
  /// the metrics that have one; `nil` where the level alone says nothing (water, weight, HRV).
  static func healthyRange(metric: Metric) -> ClosedRange<Double>? {
    switch metric.id {
    case "sleep.asleep": 7...9
    case "sleep.efficiency": 85...100
    case "activity.steps": 6_000...Double.greatestFiniteMagnitude
    case "activity.exerciseMinutes": 150.0 / 7...Double.greatestFiniteMagnitude
    case "body.bmi": 18.5...24.9
    // 60–100 for adults (AHA), down to 40 for trained people.
    case "heart.restingHeartRate": 40...100
    case "heart.bloodPressureSystolic": 90...119.9
    case "heart.bloodPressureDiastolic": 60...79.9
    case "respiratory.oxygenSaturation": 95...100
    case "respiratory.respiratoryRate": 12...20
    default: nil
    }
  }

  /// The opening of a headline for a level far outside its healthy range (shared/docs/health-metrics.md):
  /// sleep under 6 hours, steps under 3,000, a resting heart rate over 100, blood pressure of
  /// stage 2, blood oxygen under 92 %, a body mass index of 30 or more; `nil` for any other level.
  static func farLevelLead(metric: Metric, value: Double) -> String? {
    let text = MetricFormatter.string(value, unit: metric.unit)
    // Judged by the figure shown, so that "7 h" is never "short of 7 h".
    let value = MetricFormatter.shown(value, unit: metric.unit)
    let per = metric.category == .sleep ? " a night" : " a day"
    switch metric.id {
    case "sleep.asleep" where value < 6:
      return "At \(text)\(per), your sleep is well short of the 7–9 h adults need."
    case "activity.steps" where value < 3_000:
      return "At \(text)\(per), you walk far less than the 6,000 or more where walking's health gains build."
    case "heart.restingHeartRate" where value > 100:
      return "Your resting heart rate, at \(text), is above the 60–100 bpm usual for adults."
    case "heart.bloodPressureSystolic" where value >= 140, "heart.bloodPressureDiastolic" where value >= 90:
      return "Your \(lowercasedName(metric)), at \(text), is well above the normal range (under 120/80)."
    case "respiratory.oxygenSaturation" where value < 92:
      return "Your blood oxygen, at \(text), is under the usual 95–100 %."
    case "body.bmi" where value >= 30:
      return "Your body mass index, at \(text), is well above the 18.5–24.9 range."
    default:
      return nil
    }
  }

  /// A gentle word on a level outside its healthy range (shared/docs/health-metrics.md), with a
  /// concrete step: what panda says instead of "steady is good".
  static func levelNote(metric: Metric, value: Double, period: InsightPeriod) -> String? {
    let text = MetricFormatter.string(value, unit: metric.unit)
    // Judged by the figure shown, so that "7 h a night" is never "less than 7–9 h".
    let value = MetricFormatter.shown(value, unit: metric.unit)
    let per = period == .daily ? "" : metric.category == .sleep ? " a night" : " a day"
    switch metric.id {
    case "sleep.asleep" where value < 7:
      return
        "\(text)\(per) is less than the 7–9 h adults need: move your bedtime 15 minutes earlier each week until you get there."
    case "sleep.efficiency" where value < 85:
      return
        "A sleep efficiency of \(text) is under the 85 % good sleepers reach: keep the bedroom cool and dark, and get up for a while when you cannot sleep."
    case "activity.steps" where value < 6_000:
      return
        "\(text)\(per) is under the 6,000–10,000 where the health gains of walking level off: a 10-minute walk after each meal adds about 3,000."
    case "activity.exerciseMinutes" where value < 150.0 / 7:
      return
        "\(text)\(per) is under the 150 minutes a week WHO recommends: plan two or three brisk 20-minute walks or rides."
    case "body.bmi" where value > 24.9:
      return
        "A body mass index of \(text) is above the 18.5–24.9 range: daily activity and slightly smaller portions bring it down gently."
    case "body.bmi" where value < 18.5:
      return "A body mass index of \(text) is under the 18.5–24.9 range: worth talking over with a clinician."
    case "heart.bloodPressureSystolic" where value >= 120 && value < 140,
      "heart.bloodPressureDiastolic" where value >= 80 && value < 90:
      return
        "A \(lowercasedName(metric)) of \(text) is above normal (under 120/80): less salt and alcohol and regular activity help."
    case "respiratory.oxygenSaturation" where value < 95 && value >= 92:
      return "Blood oxygen of \(text) is under the usual 95–100 %: wear the watch snug and check again."
    case "hearing.headphoneAudio" where value > 80:
      return
        "An average headphone level of \(text) is above the 80 dB that WHO considers safe for up to 40 hours a week (each 3 dB more halves that time): turn the volume down a step or use noise-cancelling headphones."
    case "respiratory.respiratoryRate" where value < 12 || value > 20:
      return
        "A breathing rate of \(text) is outside the usual 12–20 at rest: watch how you feel, and mention it to a clinician if it stays there."
    default:
      return nil
    }
  }

  /// Metrics whose names are plural: "steps are improving".
  private static let pluralNames: Set<String> = [
    "activity.steps", "activity.standHours", "activity.flightsClimbed", "activity.workouts", "mobility.falls",
    "mindfulness.mindfulMinutes",
  ]

  /// "is" or "are", agreeing with `list(metrics)`.
  private static func be(_ metrics: [Metric]) -> String {
    metrics.count == 1 && !pluralNames.contains(metrics[0].id) ? "is" : "are"
  }

  private static func list(_ metrics: [Metric]) -> String {
    metrics.map { lowercasedName($0) }.joinedAsList
  }

  /// A line for a metric that is improving.
  static func encouragement(metric: Metric, period: InsightPeriod, value: Double? = nil) -> String {
    switch metric.id {
    case "activity.steps":
      return
        "More steps than usual \(period.summaryPhrase): everyday walking adds up to real health gains. Keep it going."
    case "activity.exerciseMinutes":
      return
        "More exercise minutes \(period.summaryPhrase): you are building toward the 150 minutes a week that matter most."
    case "activity.workouts", "activity.workoutMinutes":
      return
        "More time in workouts \(period.summaryPhrase): you are building toward the 150 minutes a week that matter most."
    case "activity.activeEnergy", "activity.distance", "activity.flightsClimbed", "activity.workoutDistance",
      "activity.workoutEnergy":
      return "You moved more \(period.summaryPhrase) (\(lowercasedName(metric))). Nice work."
    case "activity.standHours":
      return "More hours with a stand: breaking up sitting is paying off."
    case "heart.restingHeartRate":
      return "Your resting heart rate is coming down, a common sign of improving fitness and recovery."
    case "heart.hrv":
      return
        "Your heart rate variability is up, which usually means you are well recovered. Whatever you are doing, keep doing it."
    case "heart.walkingHeartRate":
      return "Your heart works less hard on walks than before: a sign of better fitness."
    case "heart.vo2Max":
      return "Your cardio fitness (VO2 max) is rising, one of the strongest markers of long-term health."
    case "sleep.asleep" where (value ?? 7) < 7:
      return "You are sleeping more than before; keep going towards the 7 hours or more that adults need."
    case "sleep.asleep":
      return "You are sleeping more. A steady bedtime will help you keep it."
    case "sleep.deep", "sleep.rem", "sleep.efficiency", "sleep.awake":
      return "Your sleep quality improved (\(lowercasedName(metric))). Keep the habits that got you here."
    case "mobility.walkingSpeed", "mobility.stepLength":
      return
        "You are walking faster and with longer steps than before (\(lowercasedName(metric))): a good sign of fitness."
    case "mobility.walkingAsymmetry", "mobility.doubleSupport":
      return "Your walking is steadier than before (\(lowercasedName(metric)))."
    case "hearing.headphoneAudio":
      return "You listened at a lower volume than before: your ears will thank you."
    case "mindfulness.mindfulMinutes":
      return "More mindful minutes \(period.summaryPhrase): consistency is what makes the practice work."
    default:
      return "Your \(lowercasedName(metric)) is moving in the right direction."
    }
  }

  /// A concrete step for a metric that is declining.
  static func suggestion(metric: Metric) -> String {
    switch metric.id {
    case "activity.steps":
      return "Add a 10-minute walk after one meal a day: that is about 1,000 extra steps."
    case "activity.exerciseMinutes":
      return "Plan two or three 20-minute brisk walks or rides this week to get back toward 150 minutes."
    case "activity.workouts", "activity.workoutMinutes", "activity.workoutDistance", "activity.workoutEnergy":
      return "Put two or three workouts in your calendar this week, like any other appointment."
    case "activity.activeEnergy", "activity.distance", "activity.flightsClimbed":
      return "Take the stairs and a walking break or two each day to bring your \(lowercasedName(metric)) back up."
    case "activity.standHours":
      return "Set an hourly reminder to stand and move for a minute."
    case "heart.restingHeartRate", "heart.walkingHeartRate":
      return
        "A rising heart rate often follows short sleep, stress, alcohol or a coming cold: give yourself a few easier, well-rested days."
    case "heart.hrv":
      return
        "Lower HRV usually means more strain than recovery: keep workouts lighter for a few days and protect your sleep."
    case "heart.vo2Max":
      return "Add one session a week of intervals (say 4 × 4 minutes hard, 3 minutes easy) to lift your cardio fitness."
    case "heart.bloodPressureSystolic", "heart.bloodPressureDiastolic":
      return "Cut back on salt and alcohol, stay active, and measure at the same time of day to see the trend clearly."
    case "sleep.asleep":
      return "Aim for a fixed bedtime and wake time, and start winding down 30 minutes earlier, screens off."
    case "sleep.deep", "sleep.rem":
      return "Avoid alcohol and heavy meals in the three hours before bed: both cut deep and REM sleep."
    case "sleep.efficiency", "sleep.awake":
      return "Keep the bedroom cool, dark and quiet, and limit caffeine after noon."
    case "mobility.walkingSpeed", "mobility.stepLength":
      return
        "Brisk walks and leg-strength exercises (rising from a chair, taking the stairs) help keep your walking speed and stride."
    case "mobility.walkingAsymmetry", "mobility.doubleSupport":
      return
        "If walking feels uneven or unsteady, mention it to a clinician; balance exercises, such as standing on one leg beside a support, help."
    case "hearing.headphoneAudio":
      return "Turn the volume down a step, and give your ears a break between long listening sessions."
    case "mindfulness.mindfulMinutes":
      return "Tie a 5-minute session to something you already do every day, like your morning coffee."
    case "respiratory.respiratoryRate":
      return "A rise in breathing rate can come with illness or stress: rest, and watch how you feel."
    case "respiratory.oxygenSaturation":
      return "Lower blood oxygen readings can come from a loose watch band: wear it snug and check again."
    case "nutrition.water":
      return "Keep a water bottle in sight and refill it with each meal."
    default:
      return "Keep an eye on your \(lowercasedName(metric)) over the next week."
    }
  }

  /// A gentle pointer to a clinician past clear thresholds. Never a diagnosis.
  static func clinicianNote(metric: Metric, value: Double) -> String? {
    switch metric.id {
    case "heart.restingHeartRate" where value > 100:
      return "A resting heart rate above 100 bpm is worth mentioning to a clinician, especially if it stays there."
    case "respiratory.oxygenSaturation" where value < 92:
      return "Blood oxygen below 92 % is worth checking with a clinician, particularly if you feel short of breath."
    case "heart.bloodPressureSystolic" where value >= 180, "heart.bloodPressureDiastolic" where value >= 120:
      return "Blood pressure this high needs prompt medical attention: contact a clinician or urgent care."
    case "heart.bloodPressureSystolic" where value >= 140, "heart.bloodPressureDiastolic" where value >= 90:
      return "Your blood pressure is in a range worth discussing with a clinician."
    default:
      return nil
    }
  }

  /// One of `options`, chosen by `seed` so the same figures always read the same.
  static func pick(_ options: [String], seed: String) -> String {
    let hash = seed.unicodeScalars.reduce(UInt32(2_166_136_261)) { ($0 ^ $1.value) &* 16_777_619 }
    return options[Int(hash % UInt32(options.count))]
  }
}

extension Array where Element == String {
  /// `a`, `a and b`, `a, b and c`.
  var joinedAsList: String {
    switch count {
    case 0: ""
    case 1: self[0]
    default: dropLast().joined(separator: ", ") + " and " + (last ?? "")
    }
  }
}
