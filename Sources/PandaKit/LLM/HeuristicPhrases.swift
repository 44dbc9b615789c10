/// The sentences of the offline analyzer.
enum HeuristicPhrases {
  /// What happened to one metric, with its numbers: "You slept 6 h 5 min a night this week,
  /// 1 h 10 min less than your usual 7 h 15 min."
  static func sentence(_ trend: MetricTrend, metric: Metric, period: InsightPeriod) -> String {
    let current = MetricFormatter.string(trend.current, unit: metric.unit)
    let baseline = MetricFormatter.string(trend.baseline, unit: metric.unit)
    let comparison: String
    if trend.direction == .flat {
      comparison = pick(["in line with", "close to", "much like"], seed: metric.id + period.rawValue)
    } else {
      let amount = MetricFormatter.string(abs(trend.change), unit: metric.unit)
      comparison = "\(amount) \(trend.change > 0 ? more(metric) : less(metric)) than"
    }
    let per = metric.category == .sleep ? "a night" : "a day"
    let when: String
    switch period {
    case .daily: when = metric.category == .sleep ? "last night" : "yesterday"
    case .weekly, .monthly: when = metric.aggregation == .latest ? "now" : "\(per) \(period.currentPhrase)"
    }
    let usual = period == .monthly ? "your average of \(baseline) in the three months before" : "your usual \(baseline)"
    return "\(opening(metric, current: current, when: when, period: period)), \(comparison) \(usual)."
  }

  private static func opening(_ metric: Metric, current: String, when: String, period: InsightPeriod) -> String {
    let averaged = period == .daily ? "was" : "averaged"
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
      let verb = metric.aggregation == .latest && period != .daily ? "is" : averaged
      return "Your \(lowercasedName(metric)) \(verb) \(current) \(when)"
    }
  }

  private static func lowercasedName(_ metric: Metric) -> String {
    let name = metric.name
    // Keep acronyms (REM, VO2) as they are.
    guard let first = name.first, name.dropFirst().first?.isLowercase ?? true else { return name }
    return first.lowercased() + name.dropFirst()
  }

  private static func more(_ metric: Metric) -> String {
    switch metric.unit {
    case "steps", "flights": "more"
    case "h", "min", "kcal", "mL", "km": "more"
    default: "higher"
    }
  }

  private static func less(_ metric: Metric) -> String {
    switch metric.unit {
    case "steps", "flights": "fewer"
    case "h", "min", "kcal", "mL", "km": "less"
    default: "lower"
    }
  }

  /// The headline for a category and period.
  static func summary(request: InsightRequest, metrics: [MetricAssessment]) -> String {
    // The largest change, measured in the metric's worth-mentioning threshold, leads.
    let ranked = metrics.sorted { size($0.trend) > size($1.trend) }
    let improving = ranked.filter { $0.assessment == .improving }.compactMap { MetricCatalogue.metric($0.metric) }
    let declining = ranked.filter { $0.assessment == .declining }.compactMap { MetricCatalogue.metric($0.metric) }
    let decliningLeads = ranked.first { $0.assessment != .stable }?.assessment == .declining
    let category = request.category.displayName
    let when = request.period.summaryPhrase
    var summary: String
    switch (improving.isEmpty, declining.isEmpty) {
    case (false, true):
      summary =
        "A good \(request.period == .daily ? "day" : request.period == .weekly ? "week" : "month") for your \(category): \(list(improving)) \(improving.count == 1 ? "is" : "are") improving."
    case (true, false):
      summary =
        "Your \(category) slipped \(when): \(list(declining)) \(declining.count == 1 ? "is" : "are") going the wrong way."
    case (false, false):
      summary =
        decliningLeads
        ? "Mixed \(when) for your \(category): \(list(declining)) declining, \(list(improving)) improving."
        : "Mixed \(when) for your \(category): \(list(improving)) improving, \(list(declining)) declining."
    case (true, true):
      summary = "Your \(category) held steady \(when)."
    }
    let missing = request.shortfalls.filter { shortfall in
      guard case .tooFewDays = shortfall.shortfall else { return false }
      return MetricCatalogue.metric(shortfall.metric) != nil
    }
    if !missing.isEmpty {
      summary +=
        " " + missing.map { DataGuidance.shortfallSentence($0, period: request.period) }.joined(separator: " ")
    }
    return summary
  }

  /// How big a change is, in multiples of the metric's worth-mentioning threshold.
  static func size(_ trend: MetricTrend) -> Double {
    guard let metric = trend.catalogueMetric else { return 0 }
    let threshold = metric.meaningfulChange.threshold(baseline: trend.baseline)
    return threshold > 0 ? abs(trend.change) / threshold : abs(trend.change)
  }

  private static func list(_ metrics: [Metric]) -> String {
    let names = metrics.map { lowercasedName($0) }
    switch names.count {
    case 0: return ""
    case 1: return names[0]
    default: return names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }
  }

  /// A line for a metric that is improving.
  static func encouragement(metric: Metric, period: InsightPeriod) -> String {
    switch metric.id {
    case "activity.steps":
      return
        "More steps than usual \(period.summaryPhrase): everyday walking adds up to real health gains. Keep it going."
    case "activity.exerciseMinutes":
      return
        "More exercise minutes \(period.summaryPhrase): you are building toward the 150 minutes a week that matter most."
    case "activity.activeEnergy", "activity.distance", "activity.flightsClimbed":
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
    case "sleep.asleep":
      return "You are sleeping more. A steady bedtime will help you keep it."
    case "sleep.deep", "sleep.rem", "sleep.efficiency", "sleep.awake":
      return "Your sleep quality improved (\(lowercasedName(metric))). Keep the habits that got you here."
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
