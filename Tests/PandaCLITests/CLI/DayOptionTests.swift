import Foundation
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaTestSupport

/// Every option that takes a day reads `today`, `yesterday`, `latest` and ISO dates, and the
/// `as-of` setting, on a database whose data ends on 2025-06-30.
@Suite struct DayOptionTests {
  let data: PlantedTrends
  let config: TemporaryFolder

  init() throws {
    data = try PlantedTrends()
    config = try TemporaryFolder()
  }

  /// The last day with data in the planted export.
  var lastDay: CalendarDay { PlantedTrends.asOf.adding(days: -1) }

  /// Today in UTC, the zone the tests run in.
  var today: CalendarDay { LocalDay.day(of: Int64(Date().timeIntervalSince1970), in: TimeZone(identifier: "UTC")!) }

  /// An environment whose settings file holds `settings`.
  func environment(_ settings: String = "") throws -> [String: String] {
    try FileManager.default.createDirectory(
      atPath: config.file("panda"), withIntermediateDirectories: true)
    _ = try config.write("panda/config", settings)
    return ["XDG_CONFIG_HOME": config.path, "HOME": config.path]
  }

  func run(_ arguments: [String], settings: String = "") async throws -> (
    status: ExitCode, output: String, error: String
  ) {
    await runPanda(
      arguments + ["--db", data.path, "--timezone", "UTC"], environment: try environment(settings))
  }

  func asOf(_ output: String) throws -> String? {
    let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
    return object?["asOf"] as? String
  }

  @Test func asOfLatestLooksAtTheLastDayWithDataAsTheLastCompleteDay() async throws {
    let result = try await run(["insights", "--as-of", "latest", "--format", "json", "--category", "sleep"])
    #expect(result.status == .success, "\(result.error)")
    #expect(try asOf(result.output) == PlantedTrends.asOf.iso)
  }

  @Test func asOfTakesTodayAndYesterday() async throws {
    let yesterday = try await run(["insights", "--as-of", "yesterday", "--format", "json", "--category", "sleep"])
    #expect(yesterday.status == .success, "\(yesterday.error)")
    #expect(try asOf(yesterday.output) == today.adding(days: -1).iso)
    let alerts = try await run(["alerts", "--as-of", "Today", "--format", "json"])
    #expect(alerts.status == .success, "\(alerts.error)")
  }

  @Test func dateLatestIsTheLastDayWithData() async throws {
    let metrics = try await run(["metrics", "--date", "latest"])
    #expect(metrics.status == .success, "\(metrics.error)")
    #expect(metrics.output.hasPrefix("\(lastDay.iso) ("), "\(metrics.output)")
    let explain = try await run(["explain", "activity.steps", "--date", "latest"])
    #expect(explain.status == .success, "\(explain.error)")
    #expect(explain.output.contains(lastDay.iso))
  }

  @Test func fromAndToTakeTheWordsToo() async throws {
    let export = try await run(["export", "daily", "--from", "latest", "--to", "latest"])
    #expect(export.status == .success, "\(export.error)")
    let rows = export.output.split(separator: "\n").dropFirst()
    #expect(rows.count == 1)
    #expect(rows.first?.hasPrefix(lastDay.iso) == true)
  }

  @Test func aWordThatIsNoDaySaysWhatIsAccepted() async throws {
    let result = try await run(["metrics", "--date", "lastest"])
    #expect(result.status == .usage)
    #expect(result.error.contains("today, yesterday or latest"), "\(result.error)")
  }

  @Test func theAsOfSettingMakesLatestTheDefault() async throws {
    let result = try await run(["insights", "--format", "json", "--category", "sleep"], settings: "as-of = latest\n")
    #expect(result.status == .success, "\(result.error)")
    #expect(try asOf(result.output) == PlantedTrends.asOf.iso)
    let report = try await run(["report"], settings: "as-of = latest\n")
    #expect(report.status == .success, "\(report.error)")
    #expect(!report.output.contains("Your data ends"))
    // A flag still wins over the setting.
    let flagged = try await run(
      ["insights", "--format", "json", "--category", "sleep", "--as-of", "2025-06-01"], settings: "as-of = latest\n")
    #expect(try asOf(flagged.output) == "2025-06-01")
  }

  @Test func theOtherDayOptionIsSuggested() async throws {
    let metrics = try await run(["metrics", "--as-of", "2025-06-01"])
    #expect(metrics.status == .usage)
    #expect(metrics.error.hasPrefix("panda: unknown option '--as-of'; did you mean --date?"), "\(metrics.error)")
    let insights = try await run(["insights", "--date", "2025-06-01"])
    #expect(insights.error.hasPrefix("panda: unknown option '--date'; did you mean --as-of?"), "\(insights.error)")
  }

  @Test func aLoggedEntryDoesNotMakeOldDataCurrent() async throws {
    let logged = try await run(["log", "water", "500ml"])
    #expect(logged.status == .success, "\(logged.error)")
    let insights = try await run(["insights"])
    #expect(insights.output.contains("Your data ends on \(lastDay.iso)"), "\(insights.output)")
    // `latest` is still the last day of the export, not the day of the entry.
    let metrics = try await run(["metrics", "--date", "latest"])
    #expect(metrics.output.hasPrefix("\(lastDay.iso) ("), "\(metrics.output)")
  }

  @Test func doctorWarnsWhenTheDataIsStaleAndSaysWhatToDo() async throws {
    let result = await runPanda(["doctor", "--db", data.path], environment: try environment())
    #expect(result.status == .success, "\(result.output)")
    let warning = try #require(result.output.split(separator: "\n").first { $0.hasPrefix("! ") })
    #expect(warning.hasPrefix("! your data ends on \(lastDay.iso), "), "\(warning)")
    #expect(warning.contains("panda import export.zip") && warning.contains("--as-of latest"))
    let json = await runPanda(["doctor", "--format", "json", "--db", data.path], environment: try environment())
    let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let checks = try #require(report["checks"] as? [[String: Any]])
    #expect(checks.contains { $0["warning"] as? Bool == true })
  }

  @Test func doctorTakesTheZoneItJudgesIn() async throws {
    // Like every command that counts days, before or after its name.
    for words in [["doctor", "--timezone", "Asia/Tokyo"], ["--timezone", "Asia/Tokyo", "doctor"]] {
      let result = await runPanda(words + ["--db", data.path], environment: try environment())
      #expect(result.status == .success, "\(result.error)")
      #expect(result.output.contains("time zone: ") && result.output.contains("Asia/Tokyo"), "\(result.output)")
    }
  }
}
