import Foundation
import Testing

@testable import PandaCore
@testable import PandaStore
@testable import PandaTestSupport

@Suite struct CommandLineTests {
  @Test func globalOptionsBeforeTheCommandAreAccepted() async throws {
    let folder = try TemporaryFolder()
    let database = folder.file("panda.sqlite")
    let imported = await runPanda(["--db", database, "-q", "import", Fixtures.path("ios16-quirks.xml")])
    #expect(imported.status == .success)
    #expect(imported.output.isEmpty)
    let status = await runPanda(["--db=\(database)", "status"])
    #expect(status.status == .success)
    #expect(status.output.contains("ios16-quirks.xml: 12 records, 10 new"))
  }

  @Test func globalOptionsAfterTheCommandStillWork() async throws {
    let folder = try TemporaryFolder()
    let database = folder.file("panda.sqlite")
    #expect(await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "-q", "--db", database]).status == .success)
    #expect(await runPanda(["status", "--db", database]).output.contains("10 new"))
  }

  @Test func helpCommandPrintsTheCommandsOwnHelp() async {
    let viaHelp = await runPanda(["help", "import"])
    let viaFlag = await runPanda(["import", "--help"])
    #expect(viaHelp.status == .success)
    #expect(viaHelp.output == viaFlag.output)
    #expect(viaHelp.output.hasPrefix("usage: panda import"))
  }

  @Test func generateIntoAMissingFolderExitsCannotCreate() async {
    let result = await runPanda(["generate", "/nonexistent/panda-test/x.xml", "--days", "1"])
    #expect(result.status == .cannotCreate)
  }

  @Test func globalOptionsGoBeforeOrAfterTheCommandInAnyMix() async throws {
    let folder = try TemporaryFolder()
    let database = folder.file("panda.sqlite")
    #expect(await runPanda(["-q", "--db=\(database)", "import", Fixtures.path("ios16-quirks.xml")]).status == .success)
    let before = await runPanda(["--format", "json", "--timezone", "UTC", "status", "--db", database])
    let after = await runPanda(["status", "--db", database, "--timezone=UTC", "--format=json"])
    #expect(before.status == .success)
    // The file's size changes as the first read brings the daily values up to date for UTC.
    func withoutSize(_ text: String) throws -> NSDictionary {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
      return NSDictionary(dictionary: object.filter { $0.key != "databaseBytes" })
    }
    #expect(try withoutSize(before.output) == withoutSize(after.output))
    #expect(await runPanda(["-q", "status", "--db", database]).status == .success)
  }

  @Test func aMistypedOptionSuggestsTheNearestOne() async {
    let result = await runPanda(["insights", "--categry", "sleep"])
    #expect(result.status == .usage)
    #expect(result.error.hasPrefix("panda: unknown option '--categry'; did you mean --category?"))
  }

  @Test func aMistypedCommandOrSubcommandSuggestsTheNearestOne() async {
    let command = await runPanda(["stauts"])
    #expect(command.status == .usage)
    #expect(command.error.hasPrefix("panda: unknown command 'stauts'; did you mean status?"))
    for words in [["--db", "/tmp/nowhere.sqlite"], ["-q"]] {
      let onlyOptions = await runPanda(words)
      #expect(onlyOptions.status == .usage)
      #expect(onlyOptions.error.hasPrefix("panda: missing command"))
    }
    let subcommand = await runPanda(["cache", "cleer"])
    #expect(subcommand.status == .usage)
    #expect(subcommand.error.hasPrefix("panda: unknown cache subcommand 'cleer'; did you mean clear?"))
    let value = await runPanda(["insights", "--period", "weekley"])
    #expect(value.error.contains("did you mean weekly?"))
  }

  @Test func aUsageErrorShowsTheCommandsUsageNotTheListOfCommands() async {
    let result = await runPanda(["metrics", "--date", "lastweek"])
    #expect(result.status == .usage)
    #expect(result.error.contains("usage: panda metrics [--date DAY]"))
    #expect(!result.error.contains("commands:"))
    #expect(result.error.contains("run 'panda help metrics'"))
  }

  @Test func cacheClearRefusesACategoryInsightsRefuses() async {
    let result = await runPanda(["cache", "clear", "--category", "other"])
    #expect(result.status == .usage)
    #expect(result.error.contains("--category 'other': expected heart, sleep"))
  }

  @Test func doctorAndCacheClearWriteJSON() async throws {
    let (folder, database) = try await importedFixture()
    let doctor = await runPanda(
      ["doctor", "--format", "json", "--db", database], environment: ["XDG_CONFIG_HOME": folder.file("config")])
    #expect(doctor.status == .success)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(doctor.output.utf8)) as? [String: Any])
    #expect(report["status"] as? Int == 0)
    let checks = try #require(report["checks"] as? [[String: Any]])
    // The database, the zone and the provider; the fixture's data ends long ago, which is a warning.
    #expect(checks.filter { $0["warning"] == nil }.count == 3)
    #expect(
      checks.contains { ($0["message"] as? String)?.hasPrefix("time zone: days are counted in ") == true })
    #expect(checks.allSatisfy { $0["ok"] as? Bool == true })
    let cleared = await runPanda(["cache", "clear", "--format", "json", "--db", database])
    #expect(cleared.output == "{\n  \"removed\" : 0\n}\n")
  }

  @Test func helpForASubcommandIsItsCommandsHelp() async {
    #expect(await runPanda(["help", "cache", "clear"]).output == runPanda(["cache", "--help"]).output)
    let mistyped = await runPanda(["help", "cache", "cleer"])
    #expect(mistyped.status == .usage)
    #expect(mistyped.error.hasPrefix("panda: unknown cache subcommand 'cleer'; did you mean clear?"))
  }

  @Test func anUnusableWebhookSecretIsAConfigurationErrorNotAnInternalOne() async throws {
    let folder = try TemporaryFolder()
    let result = await runPanda(
      [
        "notify", "add", "webhook", "https://example.org/hook", "--secret-env", "HOOK", "--db", folder.file("p.sqlite"),
      ],
      environment: ["HOOK": "not-a-secret"])
    #expect(result.status == .configuration)
    #expect(result.error.contains("does not start with whsec_"))
  }

  @Test func aRequiredOptionLeftOutIsAUsageError() async {
    let prompt = await runPanda(["prompt", "--category", "sleep"])
    #expect(prompt.status == .usage)
    #expect(prompt.error.hasPrefix("panda: missing --period"))
    let purge = await runPanda(["outbox", "purge"])
    #expect(purge.status == .usage)
    #expect(purge.error.hasPrefix("panda: missing --sent"))
  }

  @Test func doctorReportsADatabaseItCannotUseAndStillChecksTheProvider() async throws {
    let (folder, newer) = try await importedFixture()
    try Database(path: newer).execute("PRAGMA user_version = 99")
    let other = folder.file("other.sqlite")
    try Database(path: other).execute("CREATE TABLE notes (body TEXT)")
    let environment = ["XDG_CONFIG_HOME": folder.file("config")]
    let doctor = await runPanda(["doctor", "--format", "json", "--db", other], environment: environment)
    #expect(doctor.status == .dataError)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(doctor.output.utf8)) as? [String: Any])
    #expect(report["status"] as? Int == 65)
    let checks = try #require(report["checks"] as? [[String: Any]])
    #expect(checks.map { $0["ok"] as? Bool } == [false, true])
    #expect(
      (checks[0]["message"] as? String)?.hasPrefix("database: \(other) is an SQLite database but not panda's") == true)
    #expect(checks[1]["message"] as? String == "provider: heuristic, the offline analyzer (nothing to reach)")
    let text = await runPanda(["doctor", "--db", newer], environment: environment)
    #expect(text.status == .dataError)
    #expect(text.output.hasPrefix("✗ database: \(newer) was written by a newer panda (schema 99)"))
    #expect(text.output.hasSuffix("✓ provider: heuristic, the offline analyzer (nothing to reach)\n"))
  }

  @Test func aMistypedMetricIsNamedAsTheMetricWithTheNearestId() async throws {
    let folder = try TemporaryFolder()
    for command in ["stats", "series"] {
      let result = await runPanda([command, "activity.stepz", "--db", folder.file("p.sqlite")])
      #expect(result.status == .usage)
      #expect(
        result.error.hasPrefix(
          "panda: unknown metric 'activity.stepz'; did you mean activity.steps? "
            + "('panda help series' lists the metric ids)\n\nusage: panda \(command) METRIC"))
    }
    let far = await runPanda(["series", "xyzzy", "--db", folder.file("p.sqlite")])
    #expect(far.error.hasPrefix("panda: unknown metric 'xyzzy' ('panda help series' lists the metric ids)\n"))
  }

  @Test func shortMetricNamesPeopleTypeNameTheirMetric() throws {
    let expected = [
      "steps": "activity.steps", "sleep": "sleep.asleep", "hrv": "heart.hrv",
      "resting-heart-rate": "heart.restingHeartRate", "weight": "body.bodyMass", "Steps": "activity.steps",
      "vo2max": "heart.vo2Max", "heart-rate": "heart.heartRate", "deep": "sleep.deep", "water": "nutrition.water",
    ]
    for (typed, id) in expected {
      #expect(try MetricArgument.metric(typed).id == id, "\(typed)")
    }
    // A name that fits several metrics, or none, names the ids it could mean.
    #expect(
      throws: UsageError.unknownMetric(
        "energy",
        suggestions: [
          "activity.activeEnergy", "activity.basalEnergy", "activity.workoutEnergy", "nutrition.dietaryEnergy",
        ])
    ) { try MetricArgument.metric("energy") }
    #expect(throws: UsageError.unknownMetric("stpes", suggestions: ["activity.steps"])) {
      try MetricArgument.metric("stpes")
    }
  }

  @Test func seriesOfAShortNameToADayAfterTodayEndsTodayWithANote() async throws {
    let (folder, database) = try await importedFixture()
    defer { withExtendedLifetime(folder) {} }
    let result = await runPanda([
      "series", "steps", "--from", "2000-01-01", "--to", "2999-12-31", "--format", "json", "--db", database,
    ])
    #expect(result.status == .success)
    #expect(result.error.hasPrefix("panda: --to 2999-12-31 is after today; using today, "))
    let series = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(series["metric"] as? String == "activity.steps")
    let to = try #require(series["to"] as? String)
    #expect(to < "2999-12-31" && to > "2025-01-01")
    for command in [["stats", "hrv", "--to"], ["metrics", "--date"], ["budget", "--date"]] {
      let clamped = await runPanda(command + ["2999-12-31", "--db", database])
      #expect(clamped.status != .usage, "\(command)")
      #expect(clamped.error.contains("is after today; using today"), "\(command)")
    }
  }

  @Test func aFromAfterToIsRefusedInTheSameWordsByEveryCommandWithARange() async throws {
    let (folder, database) = try await importedFixture()
    defer { withExtendedLifetime(folder) {} }
    let refusal = "panda: --from '2025-06-10': expected a day on or before --to (2025-06-01)\n"
    for command in [
      ["series", "steps"], ["stats", "steps"], ["export", "daily"], ["export", "samples"], ["relations"], ["alerts"],
    ] {
      let result = await runPanda(command + ["--from", "2025-06-10", "--to", "2025-06-01", "--db", database])
      #expect(result.status == .usage, "\(command)")
      #expect(result.error.hasPrefix(refusal), "\(command): \(result.error)")
      #expect(result.output.isEmpty, "\(command)")
    }
    // In `log list` the two are separate filters (entries from one day on, entries up to another):
    // a --from after --to matches no entry rather than being refused.
    let log = await runPanda(["log", "list", "--from", "2025-06-10", "--to", "2025-06-01", "--db", database])
    #expect(log.status == .success)
    #expect(log.output.hasPrefix("No entries."))
  }

  @Test func aMistypedKindIsNamedAsTheOperandWithTheNearestKind() async throws {
    let folder = try TemporaryFolder()
    let result = await runPanda(["notify", "add", "webhok", "http://x", "--db", folder.file("p.sqlite")])
    #expect(result.status == .usage)
    #expect(
      result.error.hasPrefix(
        "panda: KIND 'webhok' is not one of webhook, ntfy, email, homeassistant or mqtt; did you mean webhook?"
          + "\n\nusage: panda notify add KIND URL"))
    #expect(!FileManager.default.fileExists(atPath: folder.file("p.sqlite")))
  }

  /// A temporary folder with a database holding the ios16-quirks fixture.
  func importedFixture() async throws -> (TemporaryFolder, String) {
    let folder = try TemporaryFolder()
    let database = folder.file("panda.sqlite")
    #expect(await runPanda(["import", "-q", Fixtures.path("ios16-quirks.xml"), "--db", database]).status == .success)
    return (folder, database)
  }
}
