import Foundation
import Testing

@testable import PandaCLI
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// An export panda does not trust to replace the database (another phone's, another history's)
/// adds nothing, exits 65 even under `-q`, and stays visible in `status` and `doctor` until
/// `--replace` or `--add` resolves it.
@Suite struct ImportTrustTests {
  let folder: TemporaryFolder
  let databasePath: String

  init() throws {
    folder = try TemporaryFolder()
    databasePath = folder.file("panda.sqlite")
  }

  func panda(_ arguments: [String]) async -> (status: ExitCode, output: String, error: String) {
    await runPanda(arguments + ["--db", databasePath, "--timezone", "Europe/Berlin"])
  }

  /// Two synthetic exports of the same days from two phones (two seeds), the second made later.
  func twoPhones() throws -> (mine: String, other: String) {
    var mine = ""
    try SyntheticExport(days: 8, seed: 1).write { mine += $0 }
    var other = ""
    try SyntheticExport(days: 8, seed: 2).write { other += $0 }
    return (
      try folder.write("mine.xml", mine.settingExportDate(to: "2025-07-01 08:00:00 +0200")),
      try folder.write("other.xml", other.settingExportDate(to: "2025-07-02 08:00:00 +0200"))
    )
  }

  /// Every table but the refusals, which the refused import is meant to write.
  func data() throws -> [String] {
    try contents(ofDatabaseAt: databasePath).filter { !$0.hasPrefix("import_refusals:") }
  }

  @Test func anotherPhonesExportAddsNothingAndExits65EvenQuietly() async throws {
    let (mine, other) = try twoPhones()
    #expect(await panda(["import", mine, "-q"]).status == .success)
    let before = try data()
    let refused = await panda(["import", other, "-q"])
    #expect(refused.status == .dataError)
    #expect(refused.output.isEmpty)
    let lines = refused.error.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(refused.error.contains(other))
    #expect(refused.error.contains("--replace"))
    #expect(refused.error.contains("--add"))
    #expect(refused.error.contains("nothing from it was imported"))
    #expect(try data() == before)

    let status = await panda(["status"])
    #expect(status.output.contains("Last import refused"))
    #expect(status.output.contains(other))
    let doctor = await runPanda(["doctor", "--db", databasePath])
    #expect(doctor.status == .dataError)
    #expect(doctor.output.contains("✗ Last import refused"))

    let added = await panda(["import", other, "--add", "-q"])
    #expect(added.status == .success)
    #expect(try data() != before)
    #expect(!(await panda(["status"])).output.contains("Last import refused"))
    #expect(await runPanda(["doctor", "--db", databasePath]).status == .success)
  }

  @Test func replacingMakesTheDatabaseTheNewFile() async throws {
    let (mine, other) = try twoPhones()
    #expect(await panda(["import", mine, "-q"]).status == .success)
    #expect(await panda(["import", other, "-q"]).status == .dataError)
    let replaced = await panda(["import", other, "--replace"])
    #expect(replaced.status == .success)
    #expect(replaced.output.contains("Removed as deleted on the phone since the last export:"))
    #expect(!(await panda(["status"])).output.contains("Last import refused"))
    let fresh = folder.file("fresh.sqlite")
    #expect(await runPanda(["import", other, "-q", "--db", fresh, "--timezone", "Europe/Berlin"]).status == .success)
    let count = "SELECT count(*) FROM samples"
    #expect(try Database(path: databasePath).integer(count) == Database(path: fresh).integer(count))
  }

  @Test func replaceAndAddTogetherAreAUsageError() async throws {
    let (mine, _) = try twoPhones()
    let result = await panda(["import", mine, "--replace", "--add"])
    #expect(result.status == .usage)
    #expect(result.error.contains("--replace and --add cannot be given together"))
  }
}
