/// The offline analyzer: writes insights from panda's trend figures with rules, never a network.
///
/// It knows each metric's good direction and ranges from the catalogue, says what changed in
/// plain numbers, encourages what is improving, suggests concrete steps for what is declining,
/// and past clear thresholds (resting heart rate over 100, blood oxygen under 92 %) suggests
/// talking to a clinician. It never diagnoses.
package struct HeuristicProvider: LLMProvider {
  package let name = "heuristic"
  package let model = "rules"
  package let promptVersion = "5"

  package init() {}

  package func insight(for request: InsightRequest) async throws -> Insight {
    write(request)
  }

  /// The insight, synchronously: the rules need no waiting.
  package func write(_ request: InsightRequest) -> Insight {
    let period = request.period
    var metrics: [MetricAssessment] = []
    var encouragement: [String] = []
    var suggestions: [String] = []
    var levelNotes = 0
    // Workout time and exercise minutes are held against the 150 minutes together, counted once.
    let activeMinutes = WorkoutPhrases.activeMinutesNote(trends: request.trends, period: period)
    if let note = activeMinutes?.encouragement { encouragement.append(note) }
    if let note = activeMinutes?.suggestion {
      suggestions.append(note)
      levelNotes += 1
    }
    // Shorter or lighter workouts are no reason to book more of them when there are as many as
    // usual or the 150 minutes are met.
    let workoutsHeld =
      activeMinutes?.encouragement != nil
      || request.trends.contains { $0.metric == "activity.workouts" && $0.assessment != .declining }
    for trend in request.trends {
      guard let metric = trend.catalogueMetric else { continue }
      // A day's workout time, distance and energy are said with its workouts, by type.
      if period == .daily, case .workouts(let measure) = metric.aggregation, measure != .count,
        request.trends.contains(where: { $0.metric == "activity.workouts" })
      {
        continue
      }
      var message = HeuristicPhrases.sentence(trend, metric: metric, period: period, units: request.units)
      if metric.id == "activity.workouts" {
        message = WorkoutPhrases.countSentence(trend, period: period)
        if let types = WorkoutPhrases.types(request.workouts, period: period, units: request.units) {
          message += " " + types
        }
      } else if metric.isDeviation {
        message = WristTemperaturePhrases.sentence(trend, period: period)
      }
      metrics.append(MetricAssessment(trend: trend, message: message))
      // The card's words follow the verdict its sentence gives: a claim needs a clear change.
      let isClear = HeuristicPhrases.verdict(trend) == .clear
      switch trend.assessment {
      case .improving where isClear:
        // The note on the 150 minutes already says where exercise and workout time stand.
        let minutes = ["activity.exerciseMinutes", "activity.workouts", "activity.workoutMinutes"]
        if activeMinutes?.encouragement != nil && minutes.contains(metric.id) { break }
        encouragement.append(HeuristicPhrases.encouragement(metric: metric, period: period, value: trend.current))
      case .declining where isClear:
        let workoutSize = metric.id == "activity.workoutDistance" || metric.id == "activity.workoutEnergy"
        if !(workoutSize && workoutsHeld) { suggestions.append(HeuristicPhrases.suggestion(metric: metric)) }
      case .stable, .improving, .declining:
        // A steady level outside its healthy range is not praised: it gets a gentle step instead.
        if (trend.evidence ?? .enough) == .enough, metric.id != "activity.exerciseMinutes" || activeMinutes == nil,
          let note = HeuristicPhrases.levelNote(metric: metric, value: trend.current, period: period)
        {
          // One day is not a level: it only keeps "steady is good" away.
          if period != .daily { suggestions.append(note) }
          levelNotes += 1
        }
      }
      if let note = HeuristicPhrases.clinicianNote(metric: metric, value: trend.current) {
        suggestions.append(note)
      }
    }
    let steady = metrics.allSatisfy {
      $0.assessment == .stable && ($0.trend.evidence ?? .enough) == .enough && HeuristicPhrases.isSmall($0.trend)
    }
    // Steadiness is praised only where a level is known to be healthy: steady water or weight
    // logging says nothing about health on its own.
    let healthyLevel = request.trends.contains { trend in
      guard let metric = trend.catalogueMetric, (trend.evidence ?? .enough) == .enough else { return false }
      return HeuristicPhrases.healthyRange(metric: metric)?.contains(trend.current) ?? false
    }
    if encouragement.isEmpty && steady && levelNotes == 0 && healthyLevel {
      encouragement.append("Steady is good: every figure here is in line with your usual.")
    }
    // Several declining metrics can share a step ("put workouts in your calendar"): say it once.
    var seen = Set<String>()
    return Insight(
      category: request.category, period: period, status: .ok,
      summary: HeuristicPhrases.summary(request: request, metrics: metrics), metrics: metrics,
      encouragement: encouragement.filter { seen.insert($0).inserted },
      suggestions: suggestions.filter { seen.insert($0).inserted })
  }
}

extension InsightPeriod {
  /// The period as a summary names it.
  var summaryPhrase: String {
    switch self {
    case .daily: "yesterday"
    case .weekly: "this week"
    case .monthly: "this month"
    }
  }
}
