import Foundation
import PandaAnalysis
import PandaCore
import PandaSynthetic

/// `panda-bench relations` and `panda-bench alerts`: how often the links and the early warning
/// are wrong and how often they find what was planted, over many seeds of `SyntheticDays`.
enum LinksBenchmark {
  /// Sizes a planted link is drawn at, as the slope in effect standard deviations per cause
  /// standard deviation (about the correlation of the two days' variations).
  static let sizes: [Double] = [0.1, 0.15, 0.2, 0.3]

  /// Per seed: a history with opposite slow drifts and nothing planted, and one with a link of
  /// each size planted in a random candidate pair; counts the false links among all pairs
  /// without a planted link, and the planted links found with their sign and lag.
  static func relations(seeds: [UInt64], days: Int) {
    var falseLinks = 0
    var nullPairs = 0
    var found = [Int](repeating: 0, count: sizes.count)
    var planted = [Int](repeating: 0, count: sizes.count)
    var slopeErrors: [[Double]] = Array(repeating: [], count: sizes.count)
    let lastDay = CalendarDay(ordinal: Int(SyntheticExport.defaultLastDay))
    let window = RelationFinder.defaultWindow(asOf: lastDay.adding(days: 1))
    for seed in seeds {
      var random = SeededGenerator(seed: seed &* 31 &+ 7)
      let drifts = [
        "sleep.asleep": Double.random(in: -2...2, using: &random),
        "heart.hrv": Double.random(in: -25...25, using: &random),
        "heart.restingHeartRate": Double.random(in: -6...6, using: &random),
        "activity.steps": Double.random(in: -5_000...5_000, using: &random),
      ]
      let null = RelationFinder.find(
        in: SyntheticDays(days: days, seed: seed, lastDay: lastDay, drifts: drifts, wholeHeartRate: true).series(),
        window: window)
      falseLinks += null.relations.count
      for link in null.relations {
        print("false link (seed \(seed), nothing planted): \(link.sentence) q \(link.qValue)")
      }
      nullPairs += null.tested
      for (index, size) in sizes.enumerated() {
        let candidate = RelationCandidate.all[Int.random(in: 0..<RelationCandidate.all.count, using: &random)]
        guard let causeSD = SyntheticDays.deviation(of: candidate.cause),
          let effectSD = SyntheticDays.deviation(of: candidate.effect)
        else { continue }
        let sign: Double = Bool.random(using: &random) ? 1 : -1
        let slope = sign * size * effectSD / causeSD
        let link = PlantedLink(
          cause: candidate.cause, effect: candidate.effect, lagDays: candidate.lagDays, slope: slope)
        let search = RelationFinder.find(
          in: SyntheticDays(
            days: days, seed: seed &+ 100_000 &* UInt64(index + 1), lastDay: lastDay, links: [link], drifts: drifts,
            wholeHeartRate: true
          )
          .series(), window: window)
        planted[index] += 1
        // Pairs that share the planted pair's cause and effect metrics, or the planted pair itself, are not null.
        let others = search.relations.filter { $0.cause != candidate.cause || $0.effect != candidate.effect }
        let unrelated = others.filter { $0.cause != candidate.cause && $0.effect != candidate.effect }
        falseLinks += unrelated.count
        for link in unrelated {
          print("false link (seed \(seed), \(candidate.cause) → \(candidate.effect) planted): \(link.sentence)")
        }
        nullPairs += max(0, search.tested - 1)
        if let hit = search.relations.first(where: {
          $0.cause == candidate.cause && $0.effect == candidate.effect && $0.lagDays == candidate.lagDays
            && ($0.slope > 0) == (slope > 0)
        }) {
          found[index] += 1
          slopeErrors[index].append(abs(hit.slope - slope) / abs(slope))
        }
      }
    }
    print(
      String(
        format: "%d seeds of %d days: false links %d of %d pairs tested without a planted link (1 in %.0f)",
        seeds.count, days, falseLinks, nullPairs, Double(nullPairs) / Double(max(1, falseLinks))))
    for (index, size) in sizes.enumerated() {
      let errors = slopeErrors[index].sorted()
      let median = errors.isEmpty ? 0 : errors[errors.count / 2]
      print(
        String(
          format:
            "  planted links of size %.2f SD per SD: found %d of %d (%.1f %%) with sign and lag, median size error %.0f %%",
          size, found[index], planted[index], Double(found[index]) / Double(max(1, planted[index])) * 100, median * 100)
      )
    }
  }

  /// Per seed: a history of `days` with nothing planted (false alerts per person-year) and one
  /// with three episodes of 3 to 7 days (found, and how many days after the start).
  static func alerts(seeds: [UInt64], days: Int) {
    let lastDay = CalendarDay(ordinal: Int(SyntheticExport.defaultLastDay))
    var falseAlerts = 0
    var judgedDays = 0
    var episodes = 0
    var foundEpisodes = 0
    var delays: [Int: Int] = [:]
    var falseInPlanted = 0
    var plantedJudged = 0
    for seed in seeds {
      let null = SyntheticDays(days: days, seed: seed, lastDay: lastDay)
      let quiet = AlertDetector.scan(null.series(), from: null.firstDay.adding(days: 60), to: lastDay)
      falseAlerts += quiet.alerts.count
      judgedDays += quiet.judgedDays
      var random = SeededGenerator(seed: seed &* 977)
      let spacing = (days - 90) / 3
      let planted = (0..<3).map { slot in
        PlantedEpisode(
          start: null.firstDay.adding(days: 90 + slot * spacing + Int.random(in: 0..<(spacing - 10), using: &random)),
          days: Int.random(in: 3...7, using: &random))
      }
      let history = SyntheticDays(days: days, seed: seed &+ 50_000, lastDay: lastDay, episodes: planted)
      let scan = AlertDetector.scan(history.series(), from: history.firstDay.adding(days: 60), to: lastDay)
      plantedJudged += scan.judgedDays
      for episode in planted {
        episodes += 1
        if let alert = scan.alerts.first(where: { $0.end >= episode.start.adding(days: -1) && $0.start <= episode.end })
        {
          foundEpisodes += 1
          delays[episode.start.days(to: alert.start), default: 0] += 1
        }
      }
      falseInPlanted +=
        scan.alerts.filter { alert in
          !planted.contains { alert.end >= $0.start.adding(days: -1) && alert.start <= $0.end }
        }.count
    }
    let years = Double(judgedDays) / 365.25
    print(
      String(
        format: "%d seeds of %d days: %d false alerts in %.0f person-years with nothing planted (%.2f per person-year)",
        seeds.count, days, falseAlerts, years, Double(falseAlerts) / years))
    print(
      String(
        format:
          "  planted episodes (3–7 days, all five signals): found %d of %d (%.1f %%); %d alerts outside them in %.0f person-years",
        foundEpisodes, episodes, Double(foundEpisodes) / Double(max(1, episodes)) * 100, falseInPlanted,
        Double(plantedJudged) / 365.25))
    let line = delays.keys.sorted().map {
      "\($0 >= 0 ? "+" : "")\($0) day\(abs($0) == 1 ? "" : "s"): \(delays[$0] ?? 0)"
    }
    print("  alert start against episode start: " + line.joined(separator: ", "))
  }
}
