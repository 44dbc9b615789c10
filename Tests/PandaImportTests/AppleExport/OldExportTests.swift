import Foundation
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaImport
@testable import PandaStore
@testable import PandaTestSupport

/// Exports of 2014–2015 (iOS 8): `source` instead of `sourceName`, dates without separators.
@Suite struct OldExportTests {
  let folder: TemporaryFolder
  let database: Database

  init() throws {
    folder = try TemporaryFolder()
    database = try Database.openPanda(at: folder.file("panda.sqlite"))
  }

  @Test func anIOS8ExportWithSourceAttributesImports() throws {
    let summary = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
      .importExport(at: Fixtures.path("ios8-source-attribute.xml"))
    #expect(summary.counts.records == 6)
    #expect(summary.counts.inserted == 5)
    #expect(summary.counts.skipped == 1)
    #expect(summary.skippedExamples.first?.reason == "no sourceName or source")
    let sources = try database.rows("SELECT name FROM sources ORDER BY name").compactMap { $0.text("name") }
    #expect(sources == ["Anna’s iPhone", "Withings"])
    // 20141206115600+0100 is 10:56 UTC on 6 December 2014.
    let first = try database.integer("SELECT min(start) FROM samples")
    #expect(first == HealthDate.parse("2014-12-06 10:56:00 +0000"))
    let steps = try database.real(
      "SELECT value FROM daily_values WHERE metric = 'activity.steps' AND day = '2014-12-06'")
    #expect(steps == 1_000)
  }

  @Test func anImportThatCanReadNoRecordFailsWithExit65AndSaysWhy() async throws {
    let path = folder.file("panda.sqlite")
    let result = await runPanda(["import", Fixtures.path("every-record-unreadable.xml"), "--db", path, "--quiet"])
    #expect(result.status == .dataError)
    #expect(result.error.contains("none of its 2 records could be read"))
    #expect(result.error.contains("line 4: no sourceName or source"))
    #expect(try database.integer("SELECT count(*) FROM imports") == 0)
  }
}

/// What an import counts: clock glitches are not data, and the counts add up.
@Suite struct ImportCountTests {
  @Test func samplesAfterTheExportOrBefore2000AreCountedNotStoredAndTheCountsAddUp() throws {
    let folder = try TemporaryFolder()
    let database = try Database.openPanda(at: folder.file("panda.sqlite"))
    let importer = ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
    let summary = try importer.importExport(at: Fixtures.path("clock-glitches-and-correlation.xml"))
    #expect(summary.counts.records == 6)
    #expect(summary.counts.outOfRange == 2)
    #expect(summary.counts.skipped == 1)
    // The correlation's members were stored with it; their top-level records are still new.
    #expect(summary.counts.inserted == 3)
    #expect(summary.counts.duplicates == 0)
    #expect(
      summary.counts.inserted + summary.counts.duplicates + summary.counts.skipped + summary.counts.outOfRange
        == summary.counts.records)
    #expect(try database.integer("SELECT count(*) FROM samples") == 3)
    #expect(try database.text("SELECT max(day) FROM daily_values") == "2019-06-16")
    #expect(
      summary.skippedExamples.contains {
        $0.reason == "HKQuantityTypeIdentifierStepCount dated 2030-01-01, after the export was made"
      })
    #expect(ImportCommand.text(summary).contains("2 dated after the export was made or before 2000 (not stored)"))
    let json = try JSONOutput.string(summary)
    #expect(json.contains("\"outOfRange\" : 2"))

    let again = try importer.importExport(at: Fixtures.path("clock-glitches-and-correlation.xml"))
    #expect(again.counts.inserted == 0)
    #expect(again.counts.duplicates == 3)
  }
}
