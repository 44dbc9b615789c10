import Foundation
import Testing

@testable import PandaCLI
@testable import PandaImport
@testable import PandaStore
@testable import PandaTestSupport

/// Readings no body produces are counted, named and not stored, so that the counts add up.
@Suite struct ImpossibleReadingTests {
  @Test func aPercentageIsSaidInPercentNotAsTheFractionItIsKeptAs() throws {
    let folder = try TemporaryFolder()
    let xml = try folder.write(
      "export.xml",
      exportXML(
        "<Record type=\"HKQuantityTypeIdentifierBodyFatPercentage\" sourceName=\"Scale\" unit=\"%\" "
          + "startDate=\"2024-05-01 08:00:00 +0000\" endDate=\"2024-05-01 08:00:00 +0000\" value=\"18.5\"/>\n"
          + stepRecord(start: "2024-05-01 09:00:00 +0000", end: "2024-05-01 09:10:00 +0000", value: "800")))
    let database = try Database.openPanda(at: folder.file("panda.sqlite"))
    let summary = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
      .importExport(at: xml)
    let reasons = summary.skippedExamples.map(\.reason)
    #expect(
      reasons.contains("BodyFatPercentage of 18.5 (1,850 %) is not a possible reading (1–90 %)"), "\(reasons)")
  }

  @Test func impossibleReadingsAreNamedNotStoredAndTheCountsAddUp() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file("panda.sqlite")
    let database = try Database.openPanda(at: path)
    let summary = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
      .importExport(at: Fixtures.path("impossible-readings.xml"))
    #expect(summary.counts.records == 7)
    #expect(summary.counts.inserted == 2)
    #expect(summary.counts.skipped == 1)
    #expect(summary.counts.outOfRange == 1)
    #expect(summary.counts.implausible == 3)
    #expect(summary.implausibleByType == ["HeartRate": 1, "BodyMass": 1, "StepCount": 1])
    #expect(
      summary.counts.inserted + summary.counts.duplicates + summary.counts.skipped + summary.counts.outOfRange
        + summary.counts.implausible
        == summary.counts.records)
    #expect(
      summary.skippedExamples.contains {
        $0.reason == "HeartRate of 900 count/min is not a possible reading (20–300 count/min)"
      })
    #expect(
      summary.skippedExamples.contains {
        $0.reason == "BodyMass of 16310 lb (7,398 kg) is not a possible reading (0.5–650 kg)"
      })
    // The heart rate of the day is the one real reading, not a mean with 900.
    #expect(
      try database.real("SELECT value FROM daily_values WHERE metric = 'heart.heartRate' AND day = '2024-05-01'") == 72)
    #expect(try database.integer("SELECT count(*) FROM samples") == 2)
    let text = ImportCommand.text(summary)
    #expect(text.contains("3 impossible values (BodyMass ×1, HeartRate ×1, StepCount ×1; not stored)"))

    // `status` remembers the counts, so that its import line adds up too.
    let status = await runPanda(["status", "--db", path, "--format", "json"])
    let report = try JSONDecoder().decode(StatusReport.self, from: Data(status.output.utf8))
    let entry = try #require(report.imports.first)
    #expect(
      entry.counts.inserted + entry.counts.duplicates + entry.counts.skipped + entry.counts.outOfRange
        + entry.counts.implausible == entry.counts.records)
    let statusText = await runPanda(["status", "--db", path])
    #expect(statusText.output.contains("1 skipped, 1 dated out of range, 3 impossible values"))
  }
}
