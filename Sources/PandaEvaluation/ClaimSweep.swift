import Foundation
import PandaAnalysis
import PandaCore
import PandaImport
import PandaStore
import PandaSynthetic

/// Measures how often insights claim a change that is not there, and find the ones that are:
/// over synthetic exports of many seeds, every assessment of a trendless metric
/// (`SyntheticExport.trendlessMetrics`) that says improving or declining is a false claim, and
/// every weekly and monthly assessment of a planted trend (`SyntheticExport.plantedClaims`)
/// that says what was planted is found.
package struct ClaimSweep: Sendable {
  /// The counts over the seeds swept so far.
  package struct Tally: Sendable, Equatable {
    /// Assessments of trendless metrics.
    package var trendlessAssessments = 0
    /// Those that claimed a change, named by seed, period and metric.
    package var falseClaims: [String] = []
    /// Weekly and monthly assessments of planted trends.
    package var plantedAssessments = 0
    /// Those that found them.
    package var plantedFound = 0
    /// Those of them whose difference was at least the size worth mentioning, the only ones
    /// that can be claimed (a week in which the planted drift moved less is rightly stable).
    package var plantedWorthMentioning = 0
    /// Those of them that found the planted trend.
    package var plantedWorthMentioningFound = 0
    /// The planted trends not found, named by seed, period and metric, with their size.
    package var missed: [String] = []

    /// An empty tally.
    init() {}

    /// Adds the counts of `other`.
    mutating func add(_ other: Tally) {
      trendlessAssessments += other.trendlessAssessments
      falseClaims += other.falseClaims
      plantedAssessments += other.plantedAssessments
      plantedFound += other.plantedFound
      plantedWorthMentioning += other.plantedWorthMentioning
      plantedWorthMentioningFound += other.plantedWorthMentioningFound
      missed += other.missed
    }

    /// The share of trendless assessments that claimed a change.
    var falseClaimRate: Double {
      trendlessAssessments == 0 ? 0 : Double(falseClaims.count) / Double(trendlessAssessments)
    }

    /// The share of planted trends found.
    package var recall: Double { plantedAssessments == 0 ? 1 : Double(plantedFound) / Double(plantedAssessments) }

    /// The share of planted trends found among those whose difference was worth mentioning.
    package var recallWorthMentioning: Double {
      plantedWorthMentioning == 0 ? 1 : Double(plantedWorthMentioningFound) / Double(plantedWorthMentioning)
    }
  }

  /// Days of each export: enough for the monthly windows and a planted trend before them.
  package var days: Int
  /// How much data each day holds.
  var detail: SyntheticExport.Detail
  /// Where the temporary exports and databases are written; each is deleted after use.
  var folder: String
  /// The provider whose insights are tallied.
  var provider: any LLMProvider

  /// A sweep of `provider`'s insights over exports of `days` days in `detail`, written to `folder`.
  package init(
    days: Int = 200, detail: SyntheticExport.Detail = .light, folder: String, provider: any LLMProvider
  ) {
    self.days = days
    self.detail = detail
    self.folder = folder
    self.provider = provider
  }

  /// The tally over `seeds`, `width` of them at a time.
  package func tally(seeds: [UInt64], width: Int = 2) async throws -> Tally {
    try await withThrowingTaskGroup(of: Tally.self) { group in
      var queue = seeds[...]
      func startNext() {
        guard let seed = queue.popFirst() else { return }
        group.addTask {
          var tally = Tally()
          try await add(seed: seed, to: &tally)
          return tally
        }
      }
      for _ in 0..<max(1, width) { startNext() }
      var total = Tally()
      for try await tally in group {
        total.add(tally)
        startNext()
      }
      total.falseClaims.sort()
      total.missed.sort()
      return total
    }
  }

  /// Generates, imports and analyses the export of `seed` as the Health app's day after its last
  /// day, and adds its assessments to `tally`.
  func add(seed: UInt64, to tally: inout Tally) async throws {
    let lastDay = CalendarDay(ordinal: Int(SyntheticExport.defaultLastDay))
    let xml = (folder as NSString).appendingPathComponent("sweep-\(seed).xml")
    let path = (folder as NSString).appendingPathComponent("sweep-\(seed).sqlite")
    defer {
      for file in [xml, path, path + "-wal", path + "-shm"] { try? FileManager.default.removeItem(atPath: file) }
    }
    let export = SyntheticExport(days: days, seed: seed, detail: detail)
    try export.writeXML(to: xml)
    let database = try Database.openPanda(at: path)
    guard let zone = TimeZone(secondsFromGMT: export.offsetSeconds) else { return }
    _ = try ExportImporter(database: database, context: DailyContext(zone: zone)).importExport(at: xml)
    let outcomes = try await InsightsPipeline(database: database, provider: provider, width: 1)
      .run(jobs: InsightJob.all, asOf: lastDay.adding(days: 1), now: 0, refresh: true)
    for outcome in outcomes {
      for trend in outcome.insight.metrics.map(\.trend) {
        let name = "seed \(seed) \(outcome.job.period.rawValue) \(trend.metric)"
        if SyntheticExport.trendlessMetrics.contains(trend.metric) {
          tally.trendlessAssessments += 1
          if trend.assessment != .stable { tally.falseClaims.append("\(name) \(trend.assessment.rawValue)") }
        } else if let planted = SyntheticExport.plantedClaims[trend.metric], outcome.job.period != .daily {
          let found = trend.assessment == planted
          tally.plantedAssessments += 1
          tally.plantedFound += found ? 1 : 0
          if trend.direction != .flat {
            tally.plantedWorthMentioning += 1
            tally.plantedWorthMentioningFound += found ? 1 : 0
          }
          if !found {
            tally.missed.append("\(name) \(trend.assessment.rawValue) (\(trend.size?.rawValue ?? "no size"))")
          }
        }
      }
    }
  }
}
