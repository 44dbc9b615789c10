import Foundation
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaImport
@testable import PandaReceive
@testable import PandaStore
@testable import PandaTestSupport

@Suite struct StatusCommandTests {
  @Test func statusListsEachCategoryAndTheLastImport() async throws {
    let folder = try TemporaryFolder()
    let database = folder.file("panda.sqlite")
    #expect(await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "--db", database, "-q"]).status == .success)
    let result = await runPanda(["status", "--db", database])
    #expect(result.status == .success)
    for heading in ["\nheart\n", "\nsleep\n", "\nactivity\n", "\nmindfulness\n", "\nbody measurements (body)\n"] {
      #expect(result.output.contains(heading))
    }
    #expect(result.output.contains("StepCount (count)"))
    #expect(result.output.contains("3 samples"))
    #expect(result.output.contains("Workouts: 1   Activity summaries: 1"))
    #expect(result.output.contains("ios16-quirks.xml: 12 records, 10 new"))
  }

  @Test func statusJSONCountsSamplesPerMetric() async throws {
    let folder = try TemporaryFolder()
    let database = folder.file("panda.sqlite")
    _ = await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "--db", database, "-q"])
    let result = await runPanda(["status", "--db", database, "--format", "json"])
    let report = try JSONDecoder().decode(StatusReport.self, from: Data(result.output.utf8))
    let steps = try #require(report.metrics.first { $0.type == "HKQuantityTypeIdentifierStepCount" })
    #expect(steps.samples == 3)
    #expect(steps.category == .activity)
    #expect(report.metrics.reduce(0) { $0 + $1.samples } == 10)
    #expect(report.imports.count == 1)
  }

  @Test func statusJSONListsAnImportsCountsBesideItsFile() async throws {
    let folder = try TemporaryFolder()
    let database = folder.file("panda.sqlite")
    _ = await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "--db", database, "-q"])
    let result = await runPanda(["status", "--db", database, "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let entry = try #require((object["imports"] as? [[String: Any]])?.first, "\(result.output)")
    #expect(
      Set(entry.keys)
        == [
          "file", "importedAt", "records", "inserted", "duplicates", "skipped", "outOfRange", "implausible",
          "updated", "seconds",
        ])
    #expect(entry["records"] as? Int == 12)
    #expect(entry["inserted"] as? Int == 10)
    #expect(entry["skipped"] as? Int == 2)
    let decoded = try JSONDecoder().decode(StatusReport.self, from: Data(result.output.utf8))
    #expect(
      decoded.imports.first?.counts
        == ImportCounts(records: 12, inserted: 10, duplicates: 0, skipped: 2, outOfRange: 0, implausible: 0))
  }

  @Test func statusJSONCountsTheReceivedPushesWaitingQuarantinedAndRefused() async throws {
    let folder = try TemporaryFolder()
    let database = folder.file("panda.sqlite")
    _ = await runPanda(["import", Fixtures.path("ios16-quirks.xml"), "--db", database, "-q"])
    func pushes() async throws -> [String: Any] {
      let result = await runPanda(["status", "--db", database, "--format", "json"])
      let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
      return try #require(object["receivedPushes"] as? [String: Any], "\(result.output)")
    }
    let none = try await pushes()
    #expect(none["waiting"] as? Int == 0)
    #expect(none["quarantined"] as? Int == 0)
    #expect(none["rejected"] as? Int == 0)
    let spool = PushSpool(databasePath: database)
    #expect(none["folder"] as? String == spool.folder)
    try spool.prepare()
    let body = Array(#"{"data": {"metrics": []}}"#.utf8)
    for _ in 0..<3 { _ = try spool.write(body, receivedAt: Date()) }
    _ = try spool.quarantine(try spool.write(body, receivedAt: Date()), reason: "disk I/O error\n")
    _ = try spool.reject(try spool.write(body, receivedAt: Date()))
    _ = try spool.reject(try spool.write(body, receivedAt: Date()))
    let some = try await pushes()
    #expect(some["waiting"] as? Int == 3)
    #expect(some["quarantined"] as? Int == 1)
    #expect(some["rejected"] as? Int == 2)
    let text = await runPanda(["status", "--db", database])
    #expect(text.output.contains("  3 waiting to be imported\n"))
    #expect(text.output.contains("  1 quarantined after failed imports"))
    #expect(text.output.contains("  2 refused by the importer"))
  }

  @Test func statusWithoutADatabaseSaysHowToStart() async throws {
    let folder = try TemporaryFolder()
    let result = await runPanda(["status", "--db", folder.file("none.sqlite")])
    #expect(result.status == .noInput)
    #expect(result.error.contains("panda import export.zip"))
    #expect(!FileManager.default.fileExists(atPath: folder.file("none.sqlite")))
  }
}

@Suite struct ArgumentsTests {
  @Test func optionsFlagsAndPositionalsAreSeparated() throws {
    let arguments = try Arguments(
      ["a.zip", "--db=x.sqlite", "-q", "--format", "json", "--", "--b.zip"], command: ImportCommand.spec)
    #expect(arguments.positionals == ["a.zip", "--b.zip"])
    #expect(arguments.value(.database) == "x.sqlite")
    #expect(arguments.format == .json)
    #expect(arguments.has(.quiet))
    #expect(!arguments.has(.replace))
  }

  @Test func aRepeatedOptionKeepsEveryValueInOrderAndACountedFlagItsCount() throws {
    let verbose = OptionSpec("verbose", short: "v", kind: .countedFlag, help: "more")
    let category = OptionSpec("category", kind: .repeatedValue, valueName: "C", help: "a category")
    let spec = CommandSpec("try", summary: "", forms: [.init(options: [verbose, category])], details: "")
    let arguments = try Arguments(["-v", "--category", "sleep", "--verbose", "--category=heart"], command: spec)
    #expect(arguments.all(category) == ["sleep", "heart"])
    #expect(arguments.value(category) == "heart")
    #expect(arguments.count(verbose) == 2)
    #expect(try Arguments([], command: spec).all(category).isEmpty)
  }

  @Test func aFlagGivenAValueIsRefused() {
    #expect(throws: UsageError.unexpectedValue(option: "quiet")) {
      try Arguments(["x.zip", "--quiet=yes"], command: ImportCommand.spec)
    }
  }
}

@Suite struct ProgressBarTests {
  @Test func lineShowsShareSizeRateAndETA() {
    let line = ProgressBar.line(
      ImportProgress(bytesRead: 250_000_000, totalBytes: 1_000_000_000, records: 600_000, elapsed: 2), width: 20)
    #expect(line == "[#####---------------]  25%  250/1000 MB  300k records/s  ETA 0:06")
  }

  @Test func belowTenMegabytesTheSizesHaveOneDecimal() {
    let line = ProgressBar.line(
      ImportProgress(bytesRead: 450_000, totalBytes: 9_700_000, records: 1_000, elapsed: 1), width: 4)
    #expect(line.contains("  0.4/9.7 MB  "), "\(line)")
  }

  @Test func aFinishedImportHasNoETA() {
    let line = ProgressBar.line(
      ImportProgress(bytesRead: 10_000_000, totalBytes: 10_000_000, records: 5_000_000, elapsed: 2), width: 4)
    #expect(line == "[####] 100%  10/10 MB  2.5M records/s")
  }
}
