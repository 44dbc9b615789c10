import Foundation
import Testing

@testable import PandaKit

@Suite struct SyntheticExportTests {
  func text(_ export: SyntheticExport) throws -> String {
    var text = ""
    try export.write { text += $0 }
    return text
  }

  @Test func theSameSeedGivesTheSameExport() throws {
    #expect(try text(SyntheticExport(days: 3, seed: 5)) == text(SyntheticExport(days: 3, seed: 5)))
    #expect(try text(SyntheticExport(days: 3, seed: 5)) != text(SyntheticExport(days: 3, seed: 6)))
  }

  @Test func bothDevicesRecordTheSameWalksAndTheWatchHasGaps() throws {
    let folder = try TemporaryFolder()
    let xml = folder.file("export.xml")
    try SyntheticExport(days: 2).writeXML(to: xml)
    let database = try Database.openPanda(at: folder.file("panda.sqlite"))
    let summary = try ExportImporter(database: database).importExport(at: xml)
    #expect(summary.counts.skipped == 0)
    let perDevice = try database.rows(
      """
      SELECT d.name AS device, count(*) AS samples FROM samples s JOIN devices d ON d.id = s.device_id
      JOIN sample_types t ON t.id = s.type_id WHERE t.identifier = 'HKQuantityTypeIdentifierStepCount'
      GROUP BY d.name ORDER BY d.name
      """)
    #expect(perDevice.map { $0.text("device") } == ["Apple Watch", "iPhone"])
    let watch = try #require(perDevice[0].integer("samples"))
    let phone = try #require(perDevice[1].integer("samples"))
    #expect(watch < phone)
    #expect(watch > phone / 2)
  }
}
