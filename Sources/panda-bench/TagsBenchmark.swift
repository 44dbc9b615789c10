import Foundation
import PandaAnalysis
import PandaCore
import PandaSynthetic

/// `panda-bench tags`: how often a planted tag effect is found with its sign and size, and how
/// often a tag links to an effect it does not move, over many seeds of `SyntheticDays`.
enum TagsBenchmark {
  /// Tags logged on random days that move nothing, at the shares people log such things.
  static let nullTags = [
    PlantedTag(name: "sauna", share: 0.2), PlantedTag(name: "stress", share: 0.1),
    PlantedTag(name: "travel", share: 0.05),
  ]

  /// Per seed: alcohol planted (`PlantedTag.alcohol`) beside the null tags, days drawn with
  /// day-to-day carry-over and whole-bpm resting heart rate; counts the planted effects found
  /// with their sign (and within 30 % of their size), and the tag links to an effect not planted
  /// among all tag pairs tested without one.
  static func run(seeds: [UInt64], days: Int, correlation: Double) {
    let lastDay = CalendarDay(ordinal: Int(SyntheticExport.defaultLastDay))
    let window = RelationFinder.defaultWindow(asOf: lastDay.adding(days: 1))
    var found: [String: Int] = [:]
    var withinSize: [String: Int] = [:]
    var errors: [String: [Double]] = [:]
    var falseLinks = 0
    var nullPairs = 0
    let planted = PlantedTag.alcohol
    for seed in seeds {
      let history = SyntheticDays(
        days: days, seed: seed, lastDay: lastDay, dayToDayCorrelation: correlation, wholeHeartRate: true,
        tags: [planted] + nullTags)
      let series = history.series()
      let search = RelationFinder.find(in: series, window: window, events: history.tagEvents())
      // Tag pairs tested: the family with the tags less the family without them.
      let tagPairs = search.tested - RelationFinder.find(in: series, window: window).tested
      let tagRelations = search.relations.filter { $0.taggedDays != nil }
      for (effect, size) in planted.effects {
        guard
          let hit = tagRelations.first(where: {
            $0.cause == "tag:\(planted.name)" && $0.effect == effect && ($0.slope > 0) == (size > 0)
          })
        else { continue }
        found[effect, default: 0] += 1
        let error = abs(hit.slope - size) / abs(size)
        errors[effect, default: []].append(error)
        if error <= 0.3 { withinSize[effect, default: 0] += 1 }
      }
      let wrong = tagRelations.filter { $0.cause != "tag:\(planted.name)" || planted.effects[$0.effect] == nil }
      falseLinks += wrong.count
      for link in wrong { print("false tag link (seed \(seed)): \(link.sentence) q \(link.qValue)") }
      nullPairs += tagPairs - planted.effects.count
    }
    print(
      String(
        format: "%d seeds of %d days (carry-over %.2f): false tag links %d of %d tag pairs tested without a planted "
          + "effect%@", seeds.count, days, correlation, falseLinks, nullPairs,
        falseLinks == 0 ? "" : String(format: " (1 in %.0f)", Double(nullPairs) / Double(falseLinks))))
    for (effect, size) in planted.effects.sorted(by: { $0.key < $1.key }) {
      let sorted = (errors[effect] ?? []).sorted()
      let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
      print(
        String(
          format: "  alcohol → %@ (planted %+.2f): found %d of %d with its sign, %d within 30 %% of its size, "
            + "median size error %.0f %%", effect, size, found[effect] ?? 0, seeds.count, withinSize[effect] ?? 0,
          median * 100))
    }
  }
}
