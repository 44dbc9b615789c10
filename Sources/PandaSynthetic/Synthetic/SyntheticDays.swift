import PandaCore
import PandaStore

/// Deterministic synthetic daily values, for testing and measuring the links and the early
/// warning without an export: each metric is its usual level, a slow drift, a weekly rhythm
/// where people have one (steps) and day-to-day noise, with links and episodes planted on top.
///
/// A few nights have no watch readings and a few days were only partly recorded (their steps
/// and active energy are low and flagged), as in real data.
package struct SyntheticDays: Sendable {
  /// How one metric is drawn.
  struct Profile {
    var mean: Double
    var deviation: Double
    /// Added on Saturdays and Sundays.
    var weekend: Double = 0
    var range: ClosedRange<Double>
    /// The share of days with any of it, for habits (a day without is 0).
    var share: Double = 1
    /// Whether it is read from the watch at night (missing on nights without the watch).
    var nightly: Bool = false
    /// Whether it is recorded all day (partly recorded days are flagged).
    var allDay: Bool = false
  }

  /// The metrics generated, with how they are drawn.
  static let profiles: [String: Profile] = [
    "sleep.asleep": Profile(mean: 7.2, deviation: 0.7, weekend: 0.4, range: 2...12, nightly: true),
    "sleep.deep": Profile(mean: 1.0, deviation: 0.25, range: 0...4, nightly: true),
    "sleep.efficiency": Profile(mean: 90, deviation: 4, range: 50...100, nightly: true),
    "heart.hrv": Profile(mean: 50, deviation: 10, range: 5...250, nightly: true),
    "heart.restingHeartRate": Profile(mean: 56, deviation: 2, range: 30...120, nightly: true),
    "respiratory.respiratoryRate": Profile(mean: 14.5, deviation: 0.5, range: 6...40, nightly: true),
    "body.wristTemperature": Profile(mean: 0, deviation: 0.2, range: -3...3, nightly: true),
    "respiratory.oxygenSaturation": Profile(mean: 96.5, deviation: 0.8, range: 80...100, nightly: true),
    "activity.steps": Profile(mean: 8_000, deviation: 2_500, weekend: -1_500, range: 0...60_000, allDay: true),
    "activity.activeEnergy": Profile(mean: 500, deviation: 150, range: 0...4_000, allDay: true),
    "activity.exerciseMinutes": Profile(mean: 30, deviation: 15, range: 0...600),
    "activity.workoutMinutes": Profile(mean: 45, deviation: 15, range: 5...600, share: 0.4),
    "mindfulness.mindfulMinutes": Profile(mean: 10, deviation: 4, range: 1...120, share: 0.3),
    "nutrition.dietaryEnergy": Profile(mean: 2_200, deviation: 300, range: 500...6_000),
  ]

  /// Days of data, ending on `lastDay`.
  var days: Int
  /// The same seed gives the same values.
  var seed: UInt64
  package var lastDay: CalendarDay
  /// Links planted between the metrics.
  var links: [PlantedLink]
  /// Illness-like episodes planted in the body signals.
  var episodes: [PlantedEpisode]
  /// A slow drift per metric: its total change from the first day to the last, in its unit.
  var drifts: [String: Double]
  /// The share of nights without watch readings.
  var missingNights: Double
  /// The share of days only partly recorded.
  var partialDays: Double
  /// A day-to-day standard deviation per metric, in its unit, in place of the one it is usually
  /// drawn with (`deviation(of:)`): a steadier resting heart rate has more days that tie.
  var deviations: [String: Double] = [:]
  /// Illnesses planted the way wearable studies saw them (see `PlantedIllness`).
  var illnesses: [PlantedIllness]
  /// Menstrual cycles, whose luteal phases shift wrist temperature, resting heart rate and HRV.
  package var cycles: MenstrualCycles?
  /// How much a day's variation carries over to the next (0 to below 1): real resting heart
  /// rate and HRV drift over days instead of being drawn afresh each day. 0 draws every day
  /// afresh; the day-to-day spread stays the profile's either way.
  var dayToDayCorrelation: Double
  /// Whether resting heart rate is written in whole bpm, as watches write it.
  var wholeHeartRate: Bool
  /// Tags logged on random days, with what they move the day after (none by default).
  var tags: [PlantedTag]

  package init(
    days: Int, seed: UInt64 = 1, lastDay: CalendarDay = CalendarDay(ordinal: Int(SyntheticExport.defaultLastDay)),
    links: [PlantedLink] = [], episodes: [PlantedEpisode] = [], drifts: [String: Double] = [:],
    missingNights: Double = 0.03, partialDays: Double = 0.02, illnesses: [PlantedIllness] = [],
    cycles: MenstrualCycles? = nil, dayToDayCorrelation: Double = 0, wholeHeartRate: Bool = false,
    tags: [PlantedTag] = []
  ) {
    self.days = days
    self.seed = seed
    self.lastDay = lastDay
    self.links = links
    self.episodes = episodes
    self.drifts = drifts
    self.missingNights = missingNights
    self.partialDays = partialDays
    self.illnesses = illnesses
    self.cycles = cycles
    self.dayToDayCorrelation = dayToDayCorrelation
    self.wholeHeartRate = wholeHeartRate
    self.tags = tags
  }

  /// The day-to-day standard deviation a metric is drawn with, in its unit (`nil` for a metric
  /// not generated): what a planted link's size is measured against.
  package static func deviation(of id: String) -> Double? { profiles[id]?.deviation }

  /// The first day with data.
  package var firstDay: CalendarDay { lastDay.adding(days: 1 - days) }

  /// Every generated metric's series, in catalogue order.
  package func series() -> [MetricSeries] {
    let ids = MetricCatalogue.all.map(\.id).filter { Self.profiles[$0] != nil }
    var random = SeededGenerator(seed: seed &* 2_654_435_761 &+ 17)
    // Which nights lack the watch and which days were partly recorded, shared by all metrics.
    let noWatch = (0..<days).map { _ in Double.random(in: 0..<1, using: &random) < missingNights }
    let partial = (0..<days).map { _ in Double.random(in: 0..<1, using: &random) < partialDays }
    // Day-to-day variation (noise and weekly rhythm, no drift) and whether the habit was done.
    var variation: [String: [Double]] = [:]
    var done: [String: [Bool]] = [:]
    for id in ids {
      guard let profile = Self.profiles[id] else { continue }
      var metricRandom = SeededGenerator(seed: seed &* 1_000_003 &+ UInt64(ids.firstIndex(of: id) ?? 0) &* 7_919)
      var noise = (0..<days).map { _ in metricRandom.normal(mean: 0, deviation: deviations[id] ?? profile.deviation) }
      if dayToDayCorrelation > 0 {
        // An autoregressive series of the same spread: each day keeps a share of the day before.
        let carried = min(dayToDayCorrelation, 0.99)
        let fresh = (1 - carried * carried).squareRoot()
        for index in noise.indices.dropFirst() { noise[index] = carried * noise[index - 1] + fresh * noise[index] }
      }
      variation[id] = (0..<days).map { index in
        let weekday = ((firstDay.ordinal + index) % 7 + 7) % 7
        // 1970-01-01 was a Thursday: weekdays 2 and 3 are Saturday and Sunday.
        let weekend = weekday == 2 || weekday == 3 ? profile.weekend : 0
        return noise[index] + weekend
      }
      done[id] = (0..<days).map { _ in Double.random(in: 0..<1, using: &metricRandom) < profile.share }
    }
    // Links in the order given: a cause's variation includes the links planted into it before.
    for link in links {
      guard let cause = variation[link.cause], variation[link.effect] != nil else { continue }
      for index in 0..<days where index - link.lagDays >= 0 && index - link.lagDays < days {
        let source = index - link.lagDays
        let causeDone = done[link.cause]?[source] ?? true
        let causeProfile = Self.profiles[link.cause]
        // A habit's deviation is from its mean over all days, the days without it counting 0.
        let mean = causeProfile?.mean ?? 0
        let share = causeProfile?.share ?? 1
        let causeDeviation = causeDone ? cause[source] + mean * (1 - share) : -mean * share
        variation[link.effect]?[index] += link.slope * causeDeviation
      }
    }
    let cycleList = cycles?.cycles(from: firstDay, through: lastDay) ?? []
    let tagged = tagIndices()
    for tag in tags {
      for (id, shift) in tag.effects where variation[id] != nil {
        for index in tagged[tag.name] ?? [] where index + 1 < days { variation[id]?[index + 1] += shift }
      }
    }
    return ids.compactMap { id -> MetricSeries? in
      guard let metric = MetricCatalogue.metric(id), let profile = Self.profiles[id], let values = variation[id]
      else { return nil }
      var points: [DailyPoint] = []
      for index in 0..<days {
        if profile.nightly && noWatch[index] { continue }
        if profile.share < 1 && !(done[id]?[index] ?? true) {
          points.append(DailyPoint(day: firstDay.adding(days: index), value: 0))
          continue
        }
        let drift = (drifts[id] ?? 0) * (days > 1 ? Double(index) / Double(days - 1) : 0)
        var value = profile.mean + drift + values[index] + episodeShift(id, day: firstDay.adding(days: index))
        if id == "heart.hrv" { value *= episodeFactor(day: firstDay.adding(days: index)) }
        if !illnesses.isEmpty || !cycleList.isEmpty {
          value = planted(id, value: value, day: firstDay.adding(days: index), cycles: cycleList)
        }
        value = min(profile.range.upperBound, max(profile.range.lowerBound, value))
        if wholeHeartRate && id == "heart.restingHeartRate" { value = value.rounded() }
        let isPartial = profile.allDay && partial[index]
        if isPartial { value *= 0.4 }
        points.append(DailyPoint(day: firstDay.adding(days: index), value: value, isPartial: isPartial))
      }
      return MetricSeries(
        metric: metric, points: points, lastDay: points.last?.day,
        availability: points.isEmpty ? .never : .current, lastValue: points.last?.value)
    }
  }

  /// The days each planted tag is logged on, as day events.
  package func tagEvents() -> [DayEvent] {
    tagIndices().flatMap { name, indices in
      indices.map { DayEvent(day: firstDay.adding(days: $0), kind: .tag, name: name) }
    }
    .sorted { ($0.day, $0.name) < ($1.day, $1.name) }
  }

  /// The indices of the days each planted tag is logged on, drawn from the seed and the tag's
  /// place, apart from every other draw.
  private func tagIndices() -> [String: [Int]] {
    var indices: [String: [Int]] = [:]
    for (place, tag) in tags.enumerated() {
      indices[tag.name, default: []] += tag.dayIndices(count: days, seed: seed, place: place)
    }
    return indices
  }

  /// What Health would record beside the values: the menstrual flow of the cycles (each period's
  /// first day marked as a cycle start) and the symptoms of the illnesses, on the days of the
  /// history.
  package func records() -> CategoryRecords {
    let cycleList = cycles?.cycles(from: firstDay, through: lastDay) ?? []
    let inHistory = { (day: CalendarDay) in day >= firstDay && day <= lastDay }
    return CategoryRecords(
      flowDays: cycleList.flatMap(\.flowDays).filter(inHistory),
      cycleStarts: cycleList.map(\.start).filter(inHistory),
      symptoms: illnesses.flatMap(\.symptoms).filter { inHistory($0.day) }.sorted {
        ($0.day, $0.type) < ($1.day, $1.type)
      })
  }

  /// How much an episode adds to a signal on `day`.
  private func episodeShift(_ id: String, day: CalendarDay) -> Double {
    guard let episode = episodes.first(where: { $0.start <= day && day <= $0.end }) else { return 0 }
    switch id {
    case "heart.restingHeartRate": return 7 * episode.strength
    case "respiratory.respiratoryRate": return 2 * episode.strength
    case "body.wristTemperature": return 0.7 * episode.strength
    case "respiratory.oxygenSaturation": return -1.5 * episode.strength
    default: return 0
    }
  }

  /// `value` of `id` on `day` with the illnesses and the cycles' luteal phases applied.
  private func planted(_ id: String, value: Double, day: CalendarDay, cycles: [MenstrualCycles.Cycle]) -> Double {
    var value = value
    if let cycle = cycles.last(where: { $0.start <= day }) {
      let luteal = MenstrualCycles.luteal(day, in: cycle)
      switch id {
      case "heart.restingHeartRate": value += luteal * cycle.heartRate
      case "body.wristTemperature": value += luteal * cycle.temperature
      case "heart.hrv": value *= 1 - luteal * cycle.hrvDrop
      default: break
      }
    }
    for illness in illnesses {
      let body = illness.intensity(on: day) * illness.rise / 7
      let behaviour = illness.behaviour(on: day)
      switch id {
      case "heart.restingHeartRate": value += body * 7
      case "heart.hrv": value *= max(0.3, 1 - 0.25 * body)
      case "respiratory.respiratoryRate": value += 1.5 * body
      case "body.wristTemperature": value += 0.5 * body
      case "activity.steps", "activity.activeEnergy", "activity.exerciseMinutes":
        value *= 1 - illness.stepsDrop * behaviour
      case "sleep.asleep": value += illness.extraSleep * behaviour
      default: break
      }
    }
    return value
  }

  /// What an episode multiplies HRV by on `day`.
  private func episodeFactor(day: CalendarDay) -> Double {
    guard let episode = episodes.first(where: { $0.start <= day && day <= $0.end }) else { return 1 }
    return 1 - 0.3 * episode.strength
  }
}
