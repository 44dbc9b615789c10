import Foundation
import Testing

@testable import PandaCore
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// `panda generate`'s planting options: cycles, illnesses and tags reach the database as the
/// records and log entries they stand for, and are refused where they cannot be kept.
@Suite struct GenerateOptionsTests {
  /// The rows of `database` whose sample type is `type`.
  static func samples(_ database: Database, type: String) throws -> Int {
    let rows = try database.rows(
      "SELECT COUNT(*) AS n FROM samples s JOIN sample_types t ON t.id = s.type_id WHERE t.identifier = ?",
      [.text(type)])
    return Int(rows.first?.integer("n") ?? 0)
  }

  @Test func cyclesIllnessesAndTagsAreImportedAsTheirRecords() async throws {
    let folder = try TemporaryFolder()
    let xml = folder.file("export.xml")
    let path = folder.file("panda.sqlite")
    let generated = await runPanda([
      "generate", xml, "--days", "40", "--seed", "3", "--cycles", "--illnesses", "1", "--tag", "alcohol", "--tag",
      "Late Meal", "--tags-db", path,
    ])
    #expect(generated.status == .success, "\(generated.error)")
    let imported = await runPanda(["import", xml, "-q", "--db", path, "--timezone", "Europe/Paris"])
    #expect(imported.status == .success, "\(imported.error)")

    // What the library plants with the same options, counted the way it writes them.
    var export = SyntheticExport(days: 40, seed: 3)
    export.cycles = MenstrualCycles(seed: 3)
    export.illnesses = PlantedIllness.spread(
      count: 1, lastDay: CalendarDay(ordinal: Int(export.lastDay)), seed: 3)
    export.tags = [PlantedTag.alcohol, PlantedTag(name: "late-meal", share: PlantedTag.alcohol.share)]
    let first = CalendarDay(ordinal: Int(export.lastDay) - 39)
    let last = CalendarDay(ordinal: Int(export.lastDay))
    let flowDays = try #require(export.cycles).cycles(from: first, through: last).flatMap(\.flowDays).filter {
      $0 >= first && $0 <= last
    }
    // Symptoms after the last day are not written.
    let symptoms = export.illnesses.flatMap(\.symptoms).filter { $0.day <= last }

    let database = try Database(path: path)
    #expect(flowDays.count > 0)
    #expect(try Self.samples(database, type: CategoryRecords.flowType) == flowDays.count)
    #expect(symptoms.count > 0)
    var symptomRows = 0
    for type in Set(symptoms.map(\.type)) { symptomRows += try Self.samples(database, type: type) }
    #expect(symptomRows == symptoms.count)
    for (name, days) in Dictionary(grouping: export.tagDays(), by: \.name) {
      let logged = try database.rows(
        "SELECT COUNT(*) AS n FROM log_entries WHERE type = ?", [.text(LogTag.entryType(name))]
      ).first?.integer("n")
      #expect(logged == Int64(days.count), "\(name)")
      #expect(days.count > 0)
    }
    #expect(generated.output.contains("symptoms from \(export.illnesses[0].onset.iso)"), "\(generated.output)")

    // The illness is still going on on the last day: its symptoms reach it.
    #expect(symptoms.contains { $0.day == last })
  }

  @Test func anExportWithoutTheOptionsHasNoneOfTheirRecords() async throws {
    let folder = try TemporaryFolder()
    let plain = folder.file("plain.xml")
    let zero = folder.file("zero.xml")
    #expect(await runPanda(["generate", plain, "--days", "3", "-q"]).status == .success)
    #expect(await runPanda(["generate", zero, "--days", "3", "--illnesses", "0", "-q"]).status == .success)
    let text = try String(contentsOfFile: plain, encoding: .utf8)
    #expect(text == (try String(contentsOfFile: zero, encoding: .utf8)))
    #expect(!text.contains(CategoryRecords.flowType))
    #expect(!text.contains("HKCategoryTypeIdentifierFever"))
  }

  @Test func optionsThatCannotBeKeptAreUsageErrors() async throws {
    let folder = try TemporaryFolder()
    let xml = folder.file("export.xml")
    let untagged = await runPanda(["generate", xml, "--days", "10", "--tag", "alcohol"])
    #expect(untagged.status == .usage)
    #expect(untagged.error.contains("--tags-db"), "\(untagged.error)")
    let crowded = await runPanda(["generate", xml, "--days", "60", "--illnesses", "2"])
    #expect(crowded.status == .usage)
    #expect(crowded.error.contains("need --days \(PlantedIllness.spreadDays(count: 2))"), "\(crowded.error)")
    let badTag = await runPanda(["generate", xml, "--days", "10", "--tag", "!!", "--tags-db", folder.file("db")])
    #expect(badTag.status == .usage)
    #expect(!FileManager.default.fileExists(atPath: xml))
  }
}
