import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// Words that match their figures, over generated data with several seeds: sameness words ("in
/// line with", "close to", "much like", "the same as") only between figures that read as close
/// (the figures as printed are read back from each sentence), "Too few" only where days are
/// missing, and "stable" never beside a clear change.
@Suite struct FigureWordsSweepTests {
  static let sameness = ["in line with", "close to", "much like"]

  /// The figures of a sentence as printed, in order: `8,432 steps` is 8432, `7 h 15 min` is 435
  /// (minutes), `45 min` is 45; a digit inside a word (`VO2`) is no figure.
  static func figures(in text: Substring) -> [Double] {
    let figure = /(?:^|[^A-Za-z0-9.,])(-?\d[\d,]*(?:\.\d+)?)( h(?: (\d+) min)?| min)?(?![A-Za-z])/
    return text.matches(of: figure).compactMap { match in
      guard let number = Double(match.output.1.replacingOccurrences(of: ",", with: "")) else { return nil }
      switch match.output.2 {
      case " min": return number
      case .some: return number * 60 + (match.output.3.flatMap { Double($0) } ?? 0)
      case nil: return number
      }
    }
  }

  /// Why `sentence` contradicts its figures, or `nil`: a sameness word between the figure of
  /// now (its first) and the usual (the first after the word) more than a tenth apart, or
  /// "the same as" between two different figures.
  static func contradiction(_ sentence: String) -> String? {
    for word in sameness + ["the same as"] {
      guard let range = sentence.range(of: word) else { continue }
      guard let now = figures(in: sentence[..<range.lowerBound]).first,
        let usual = figures(in: sentence[range.upperBound...]).first
      else { continue }
      if word == "the same as" {
        if now != usual { return "\"the same as\" between \(now) and \(usual)" }
      } else if usual == 0 ? now != 0 : abs(now - usual) >= abs(usual) / 10 {
        return "\"\(word)\" between \(now) and \(usual)"
      }
    }
    return nil
  }

  @Test func theReaderFindsTheFiguresAsPrinted() {
    #expect(Self.figures(in: "You slept 6 h 5 min a night, close to your usual 7 h") == [365, 420])
    #expect(Self.figures(in: "Cardio fitness (VO2 max) averaged 41.5 mL/kg/min, 1,204 steps") == [41.5, 1_204])
    #expect(Self.contradiction("You climbed 5 flights a day, close to your average of 6 flights.") != nil)
    #expect(Self.contradiction("You climbed 5.4 flights a day, close to your average of 5.5 flights.") == nil)
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func sameWordsOnlyBetweenFiguresThatReadAsClose(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var failures: [String] = []
    var sameness = 0
    for metric in MetricCatalogue.all where metric.isTrended {
      let range = metric.plausibleRange
      for _ in 0..<150 {
        // A usual level in the lower part of the plausible range, now a few percent off it.
        let u = Double(random.next() % 10_000) / 10_000
        let baseline = max(range.lowerBound, 0.01) + (range.upperBound - max(range.lowerBound, 0.01)) * u * u * 0.3
        let current = baseline * (1 + random.normal(mean: 0, deviation: 0.05))
        let threshold = metric.meaningfulChange.threshold(baseline: baseline)
        let change = current - baseline
        let trend = MetricTrend(
          metric: metric.id, unit: metric.unit, current: current, baseline: baseline, change: change,
          changePercent: change / baseline * 100, slopePerDay: nil, direction: .flat, assessment: .stable,
          currentDays: 7, baselineDays: 28, recent: [], evidence: .enough,
          size: abs(change) < threshold ? .negligible : .withinNoise, threshold: threshold)
        for period in InsightPeriod.allCases {
          let sentence = HeuristicPhrases.sentence(trend, metric: metric, period: period)
          if Self.sameness.contains(where: sentence.contains) { sameness += 1 }
          if let why = Self.contradiction(sentence) {
            failures.append("\(metric.id) \(period) \(current) vs \(baseline): \(why)\n  \(sentence)")
          }
        }
      }
    }
    #expect(sameness > 1_000, "the sweep reached too few sameness sentences to prove anything")
    #expect(failures.isEmpty, "\(failures.count) contradictions, e.g.\n\(failures.prefix(5).joined(separator: "\n"))")
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func tooFewOnlyWhereDaysAreMissingAndStableOnlyWithoutAClearChange(seed: UInt64) throws {
    let days = SyntheticDays(days: 200, seed: seed, lastDay: CalendarDay(iso: "2025-06-30")!)
    var failures: [String] = []
    var judged = 0
    for series in days.series() {
      for period in InsightPeriod.allCases {
        guard
          case .trend(let trend) = TrendCalculator.trend(series, period: period, lastDay: days.lastDay)
        else { continue }
        judged += 1
        let windows = TrendWindows.of(period: period, lastDay: days.lastDay)
        func recorded(_ range: ClosedRange<CalendarDay>) -> Bool {
          series.points(from: range.lowerBound, through: range.upperBound).filter { !$0.isPartial }.count
            == range.lowerBound.days(to: range.upperBound) + 1
        }
        let sentence = HeuristicPhrases.sentence(trend, metric: series.metric, period: period)
        // "Too few" where every day of both windows has its value (food logged every day).
        if sentence.contains("Too few"), recorded(windows.current), recorded(windows.baseline) {
          failures.append("\(series.metric.id) \(period): \(sentence)")
        }
        // "stable" beside a clear change.
        let chip = MetricAssessment(trend: trend, message: sentence).chip
        if chip == "stable", trend.size == .clear, (trend.evidence ?? .enough) == .enough {
          failures.append("\(series.metric.id) \(period): stable beside a clear change: \(sentence)")
        }
        if let why = Self.contradiction(sentence) { failures.append("\(series.metric.id) \(period): \(why)") }
      }
    }
    #expect(judged > 30)
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  @Test func theIssuesFlightsReadAsCloseOrAsTheirDifference() throws {
    let flights = try #require(MetricCatalogue.metric("activity.flightsClimbed"))
    for (current, baseline, period) in [(5.41, 5.53, InsightPeriod.monthly), (6.43, 7, .weekly)] {
      let threshold = flights.meaningfulChange.threshold(baseline: baseline)
      let trend = MetricTrend(
        metric: flights.id, unit: flights.unit, current: current, baseline: baseline, change: current - baseline,
        changePercent: (current - baseline) / baseline * 100, slopePerDay: nil, direction: .flat, assessment: .stable,
        currentDays: 7, baselineDays: 28, recent: [], evidence: .enough, size: .negligible, threshold: threshold)
      let sentence = HeuristicPhrases.sentence(trend, metric: flights, period: period)
      #expect(Self.contradiction(sentence) == nil, "\(sentence)")
      #expect(!sentence.contains("5 flights a day") && !sentence.contains("6 flights a day"), "\(sentence)")
    }
  }
}
