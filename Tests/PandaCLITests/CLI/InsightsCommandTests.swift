import Foundation
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaStore
@testable import PandaTestSupport

@Suite struct InsightsCommandTests {
  let data: PlantedTrends

  init() throws {
    data = try PlantedTrends()
  }

  func insights(
    _ arguments: [String], asOf: CalendarDay = PlantedTrends.asOf, environment: [String: String] = [:],
    terminal: Bool = false
  ) async -> (
    status: ExitCode, output: String, error: String
  ) {
    await runPanda(
      ["insights", "--db", data.path, "--timezone", "UTC", "--as-of", asOf.iso] + arguments, environment: environment,
      terminal: terminal)
  }

  func json(_ output: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
  }

  @Test func jsonHasTheDocumentedShape() async throws {
    let result = await insights(["--format", "json", "--category", "sleep", "--period", "weekly"])
    #expect(result.status == .success)
    let report = try json(result.output)
    #expect(report["asOf"] as? String == "2025-07-01")
    #expect(report["provider"] as? String == "heuristic")
    let insights = try #require(report["insights"] as? [[String: Any]])
    #expect(insights.count == 1)
    let sleep = insights[0]
    for key in [
      "category", "period", "source", "generatedAt", "status", "summary", "metrics", "encouragement", "suggestions",
    ] {
      #expect(sleep[key] != nil, "missing \(key)")
    }
    #expect(sleep["source"] as? String == "fresh")
    #expect(sleep["generatedAt"] as? String == "2025-07-01T00:00:00Z")
    let metrics = try #require(sleep["metrics"] as? [[String: Any]])
    let asleep = try #require(metrics.first { $0["metric"] as? String == "sleep.asleep" })
    for key in [
      "metric", "unit", "current", "baseline", "change", "changePercent", "direction", "assessment", "evidence",
      "size", "message",
    ] {
      #expect(asleep[key] != nil, "missing \(key)")
    }
    #expect(asleep["direction"] as? String == "down")
    #expect(asleep["assessment"] as? String == "declining")
    #expect(asleep["evidence"] as? String == "enough")
    #expect(asleep["size"] as? String == "clear")
  }

  @Test func aStaleExportNamesWhereItsDataEndsAndSaysExportAgainOnce() async throws {
    let late = await insights([], asOf: PlantedTrends.asOf.adding(days: 40))
    let lastDay = PlantedTrends.asOf.adding(days: -1)
    #expect(late.output.contains("Your data ends on \(lastDay.iso)"))
    #expect(late.output.contains("panda insights --as-of \(PlantedTrends.asOf.iso)"))
    #expect(late.output.components(separatedBy: "Export All Health Data").count == 2)
    let json = try json(await insights(["--format", "json"], asOf: PlantedTrends.asOf.adding(days: 40)).output)
    #expect(json["lastDataDay"] as? String == lastDay.iso)
    // How to look at that time is said once, not again in each category's line.
    #expect(late.output.components(separatedBy: "panda insights --as-of").count == 2, "\(late.output)")
    let detail = await insights(["--detail"], asOf: PlantedTrends.asOf.adding(days: 40))
    let withoutData = try #require(detail.output.components(separatedBy: "Without data").last)
    #expect(withoutData.contains("It stopped on \(lastDay.iso)."), "\(withoutData)")
    // The HTML report too.
    let page = await runPanda([
      "report", "--db", data.path, "--timezone", "UTC", "--as-of", PlantedTrends.asOf.adding(days: 40).iso,
    ])
    #expect(page.output.components(separatedBy: "--as-of \(PlantedTrends.asOf.iso)").count == 2)
    #expect(page.output.contains("It stopped on \(lastDay.iso).</li>"))
    // Data up to yesterday: nothing to say about where it ends.
    let current = await insights(["--category", "activity"])
    #expect(!current.output.contains("Your data ends"))
  }

  @Test func aSecondRunSaysCacheAndTheTextSaysHowOld() async throws {
    _ = await insights(["-q"])
    let again = await insights(["--format", "json"])
    let entries = try #require(try json(again.output)["insights"] as? [[String: Any]])
    let ok = entries.filter { $0["status"] as? String == "ok" }
    #expect(!ok.isEmpty)
    #expect(ok.allSatisfy { $0["source"] as? String == "cache" })
    let text = await insights(["--period", "monthly", "--detail"], asOf: PlantedTrends.asOf.adding(days: 2))
    #expect(text.output.contains("(from cache, 2 days old)"))
  }

  @Test func refreshRecomputes() async throws {
    _ = await insights(["-q"])
    let refreshed = await insights(["--format", "json", "--refresh"])
    let entries = try #require(try json(refreshed.output)["insights"] as? [[String: Any]])
    #expect(entries.allSatisfy { $0["source"] as? String == "fresh" })
  }

  @Test func textShowsTrendsWithSparklinesAndNoColourOffATerminal() async {
    let result = await insights(["--category", "activity", "--period", "weekly"])
    #expect(result.output.contains("Activity · weekly  (fresh)"))
    #expect(result.output.contains("▲ Steps"))
    #expect(result.output.contains { "▁▂▃▄▅▆▇█".contains($0) })
    #expect(!result.output.contains("\u{1B}["))
    #expect(result.error.isEmpty)
  }

  @Test func colourOnATerminalUnlessNoColorIsSet() async {
    let coloured = await insights(["--category", "activity", "--period", "weekly", "-q"], terminal: true)
    #expect(coloured.output.contains("\u{1B}[32m"))
    let plain = await insights(
      ["--category", "activity", "--period", "weekly", "-q"], environment: ["NO_COLOR": "1"], terminal: true)
    #expect(!plain.output.contains("\u{1B}["))
  }

  @Test func markdownHasATablePerInsight() async {
    let result = await insights(["--format", "markdown", "--category", "heart", "--period", "monthly"])
    #expect(result.output.hasPrefix("# Health insights as of 2025-07-01"))
    #expect(result.output.contains("## Heart, monthly"))
    #expect(result.output.contains("| Metric | Now | Usual | Change | Trend |"))
    #expect(result.output.contains("| Resting heart rate |"))
    #expect(result.output.contains("**Going well**"))
  }

  @Test func aSecondRunOnTheSameDatabaseWaitsThenExits75() async throws {
    do {
      let lock = try #require(try RunLock.acquire(for: data.path, waitingUpTo: 0))
      let result = await insights([], environment: ["PANDA_LOCK_WAIT": "0.2"])
      #expect(result.status == .temporaryFailure)
      #expect(result.error.contains("another panda run is using \(data.path)"))
      withExtendedLifetime(lock) {}
    }
    // Released with the value: the next run goes ahead.
    #expect(await insights(["-q"], environment: ["PANDA_LOCK_WAIT": "0.2"]).status == .success)
  }

  @Test func cacheListAndClear() async {
    _ = await insights(["-q", "--category", "sleep"])
    let list = await runPanda(["cache", "list", "--db", data.path, "--timezone", "UTC"])
    #expect(list.status == .success)
    #expect(
      list.output.contains(/sleep        weekly   heuristic\/rules  computed (just now|\d+ min ago) for 2025-07-01/),
      "\(list.output)")
    let cleared = await runPanda(["cache", "clear", "--category", "sleep", "--db", data.path])
    #expect(cleared.output == "Removed 3 cached insights.\n")
    let empty = await runPanda(["cache", "list", "--db", data.path])
    #expect(empty.output.contains("No cached insights"))
  }

  @Test(arguments: [
    (["--category", "gardening"], "--category 'gardening'"),
    (["--period", "yearly"], "--period 'yearly'"),
    (["--provider", "magic"], "--provider 'magic'"),
    (["--jobs", "0"], "--jobs '0'"),
  ])
  func badFlagsAreUsageErrors(arguments: [String], message: String) async {
    let result = await insights(arguments)
    #expect(result.status == .usage)
    #expect(result.error.contains(message))
  }

  @Test func aFutureAsOfIsTodayWithANote() async {
    let result = await runPanda(["insights", "--db", data.path, "--as-of", "2999-01-01", "-q"])
    #expect(result.status != .usage)
    #expect(result.error.contains("--as-of 2999-01-01 is after today; using today"))
  }
}

@Suite struct InsightsDemoTests {
  @Test func theTextIsShortByDefaultAndDetailGivesEveryCard() async throws {
    // The demo is a full generated export: every category, every period.
    let short = await runPanda(["insights", "--demo", "-q", "--timezone", "UTC"])
    #expect(short.status == .success, "\(short.error)")
    let lines = short.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count <= 25, "\(lines.count) lines:\n\(short.output)")
    #expect(short.output.contains("What stands out"))
    // One line per category with data, none of the cards.
    for category in HealthCategory.analysed {
      let name = category.displayName.capitalizedFirst
      #expect(lines.filter { $0.hasPrefix("  \(name) ") }.count == 1, "\(name)")
      #expect(!short.output.contains("\(name) · weekly  ("))
    }
    let detail = await runPanda(["insights", "--demo", "-q", "--timezone", "UTC", "--detail"])
    #expect(detail.status == .success)
    for category in HealthCategory.analysed {
      #expect(detail.output.contains("\(category.displayName.capitalizedFirst) · weekly  ("), "\(category)")
    }
    #expect(detail.output.split(separator: "\n").count > 4 * lines.count)
  }

  @Test func theDemoNeedsNoSetupAndLeavesTheUsersDatabaseAlone() async throws {
    let folder = try TemporaryFolder()
    let userDatabase = folder.file("mine.sqlite")
    let result = await runPanda(
      ["insights", "--demo", "--format", "json", "--category", "activity", "--period", "weekly", "-q"],
      environment: ["PANDA_DB": userDatabase])
    #expect(result.status == .success)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let insights = try #require(report["insights"] as? [[String: Any]])
    #expect(insights.first?["status"] as? String == "ok")
    #expect(!FileManager.default.fileExists(atPath: userDatabase))
  }
}
