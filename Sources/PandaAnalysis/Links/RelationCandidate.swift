/// One pair panda looks for a link in: a behaviour and a response, on the same day or the next.
///
/// The set is fixed and small, so that the false-discovery bar stays meaningful and every link
/// panda reports is one a person could act on. A night belongs to the day one wakes up, so
/// "last night's sleep → today's HRV" is lag 0 and "today's steps → tonight's sleep" is lag 1.
package struct RelationCandidate: Sendable, Hashable, Codable {
  /// The behaviour's metric id.
  package var cause: String
  /// The response's metric id.
  package var effect: String
  /// The response's day less the behaviour's day.
  package var lagDays: Int

  init(cause: String, effect: String, lagDays: Int) {
    self.cause = cause
    self.effect = effect
    self.lagDays = lagDays
  }

  /// Every pair panda tests, in the order results are listed when nothing else orders them:
  /// - last night's sleep (time asleep, deep sleep, efficiency) → that day's HRV and resting
  ///   heart rate; time asleep → that day's steps;
  /// - the day's activity (steps, exercise minutes, workout time, active energy) → that night's
  ///   sleep and deep sleep (time asleep only for active energy) and the next day's HRV and
  ///   resting heart rate;
  /// - mindful minutes → that night's sleep and the next day's HRV;
  /// - dietary energy → that night's sleep and the next day's resting heart rate.
  package static let all: [RelationCandidate] = {
    var pairs: [RelationCandidate] = []
    for sleep in ["sleep.asleep", "sleep.deep", "sleep.efficiency"] {
      for response in ["heart.hrv", "heart.restingHeartRate"] {
        pairs.append(RelationCandidate(cause: sleep, effect: response, lagDays: 0))
      }
    }
    pairs.append(RelationCandidate(cause: "sleep.asleep", effect: "activity.steps", lagDays: 0))
    for activity in ["activity.steps", "activity.exerciseMinutes", "activity.workoutMinutes", "activity.activeEnergy"] {
      let sleep = activity == "activity.activeEnergy" ? ["sleep.asleep"] : ["sleep.asleep", "sleep.deep"]
      for response in sleep + ["heart.hrv", "heart.restingHeartRate"] {
        pairs.append(RelationCandidate(cause: activity, effect: response, lagDays: 1))
      }
    }
    for response in ["sleep.asleep", "heart.hrv"] {
      pairs.append(RelationCandidate(cause: "mindfulness.mindfulMinutes", effect: response, lagDays: 1))
    }
    for response in ["sleep.asleep", "heart.restingHeartRate"] {
      pairs.append(RelationCandidate(cause: "nutrition.dietaryEnergy", effect: response, lagDays: 1))
    }
    return pairs
  }()

  /// Every metric that appears in a pair.
  package static var metrics: [String] {
    var seen: [String] = []
    for pair in all {
      for id in [pair.cause, pair.effect] where !seen.contains(id) { seen.append(id) }
    }
    return seen
  }
}
