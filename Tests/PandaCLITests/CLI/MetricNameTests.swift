import Foundation
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaStore
@testable import PandaTestSupport

/// Short metric names work in every command that takes a metric, with "did you mean" on a miss;
/// a name of several metrics asks which one is meant.
@Suite struct MetricNameTests {
  let data: PlantedTrends

  init() throws {
    data = try PlantedTrends()
  }

  func run(_ arguments: [String]) async -> (status: ExitCode, output: String, error: String) {
    await runPanda(arguments + ["--db", data.path, "--timezone", "UTC"])
  }

  @Test func exportTakesShortNames() async throws {
    let daily = await run(["export", "daily", "--metric", "steps", "--from", "2025-06-01", "--to", "2025-06-30"])
    #expect(daily.status == .success, "\(daily.error)")
    #expect(daily.output.hasPrefix("date,activity.steps,partial\n"), "\(daily.output.prefix(80))")
    let samples = await run(["export", "samples", "--type", "steps", "--from", "2025-06-30", "--to", "2025-06-30"])
    #expect(samples.status == .success, "\(samples.error)")
    #expect(samples.output.contains("HKQuantityTypeIdentifierStepCount"))
  }

  @Test func aMissSuggestsTheNearestInsteadOfListingEveryId() async throws {
    let daily = await run(["export", "daily", "--metric", "stpes"])
    #expect(daily.status == .usage)
    #expect(daily.error.contains("did you mean activity.steps?"), "\(daily.error)")
    #expect(!daily.error.contains("heart.hrv"), "\(daily.error)")
    let samples = await run(["export", "samples", "--type", "stpes"])
    #expect(samples.status == .usage)
    #expect(samples.error.contains("did you mean activity.steps?"), "\(samples.error)")
  }

  @Test func everyLogTypeWithAMetricNamesItInSeries() throws {
    for type in LogType.all {
      let readers = MetricCatalogue.all.filter { $0.sources.contains { $0.type == type.sampleType } }
      guard !readers.isEmpty else { continue }
      for name in [type.name] + type.aliases {
        do {
          let metric = try MetricArgument.metric(name)
          #expect(readers.contains { $0.id == metric.id }, "\(name) → \(metric.id)")
        } catch UsageError.ambiguousMetric(_, let candidates) {
          // `bp` logs both pressures: the command asks which of them is meant.
          #expect(candidates.count > 1 && candidates.contains { id in readers.contains { $0.id == id } }, "\(name)")
        } catch UsageError.unknownMetric(_, let suggestions) {
          // A word of several metrics that is no metric's name (`energy`) names them.
          #expect(suggestions.contains { id in readers.contains { $0.id == id } }, "\(name): \(suggestions)")
        } catch {
          Issue.record("\(name): \(error)")
        }
      }
    }
    #expect(try MetricArgument.metric("mindful").id == "mindfulness.mindfulMinutes")
  }

  @Test func anAmbiguousShortNameAsksWhichIsMeant() async throws {
    let result = await run(["series", "bp"])
    #expect(result.status == .usage)
    #expect(
      result.error.hasPrefix(
        "panda: 'bp' could mean heart.bloodPressureSystolic or heart.bloodPressureDiastolic: which one?"),
      "\(result.error)")
    let export = await run(["export", "samples", "--type", "bp"])
    #expect(export.status == .usage)
    #expect(export.error.contains("which one?"), "\(export.error)")
  }

  @Test func reportTakesQuietAndDemo() async throws {
    let quiet = await runPanda(["-q", "report", "--db", data.path, "--timezone", "UTC", "--as-of", "2025-07-01"])
    #expect(quiet.status == .success, "\(quiet.error)")
    #expect(quiet.output.contains("<html"))
    let demo = await runPanda(["report", "--demo", "--timezone", "UTC", "--db", "/nonexistent/panda.sqlite"])
    #expect(demo.status == .success, "\(demo.error)")
    #expect(demo.output.contains("<html"))
    #expect(demo.error.hasPrefix("Demo: "), "\(demo.error)")
  }

  @Test func reportSaysWhyItTakesNoFormat() async {
    let result = await run(["report", "--format", "json"])
    #expect(result.status == .usage)
    #expect(
      result.error.hasPrefix("panda: report does not take --format: it writes one format only"), "\(result.error)")
  }
}
