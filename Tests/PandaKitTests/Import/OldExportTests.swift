import Foundation
import Testing

@testable import PandaKit

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
    #expect(summary.records == 6)
    #expect(summary.inserted == 5)
    #expect(summary.skipped == 1)
    #expect(summary.skippedExamples.first?.reason == "no sourceName or source")
    let sources = try database.rows("SELECT name FROM sources ORDER BY name").compactMap { $0.text(0) }
    #expect(sources == ["Anna’s iPhone", "Withings"])
    // 20141206115600+0100 is 10:56 UTC on 6 December 2014.
    let first = try database.firstRow("SELECT min(start) FROM samples")?.integer(0)
    #expect(first == HealthDate.parse("2014-12-06 10:56:00 +0000"))
    let steps = try database.firstRow(
      "SELECT value FROM daily_values WHERE metric = 'activity.steps' AND day = '2014-12-06'")?.real(0)
    #expect(steps == 1_000)
  }

  @Test func anImportThatCanReadNoRecordFailsWithExit65AndSaysWhy() async throws {
    let path = folder.file("panda.sqlite")
    let result = await runPanda(["import", Fixtures.path("every-record-unreadable.xml"), "--db", path, "--quiet"])
    #expect(result.status == .dataError)
    #expect(result.error.contains("none of its 2 records could be read"))
    #expect(result.error.contains("line 4: no sourceName or source"))
    #expect(try database.firstRow("SELECT count(*) FROM imports")?.integer(0) == 0)
  }
}
