import Foundation
import Testing

@testable import PandaCore
@testable import PandaImport
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

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

/// `panda generate` dates its zip entries as the export is made, never the 1980-00-00 of a zero.
@Suite struct ZipEntryDateTests {
  @Test func theEntriesAreDatedTheMorningAfterTheLastDay() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("export.zip")
    let lastDay = try #require(CalendarDay(iso: "2024-03-09"))
    try SyntheticExport(days: 3, lastDay: Int64(lastDay.ordinal), detail: .light).writeZip(to: path)
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    func uint16(_ offset: Int) -> Int { Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 }
    var headers: [Int] = []
    for offset in 0..<(bytes.count - 4)
    where bytes[offset] == 0x50 && bytes[offset + 1] == 0x4B && bytes[offset + 2] == 0x03 && bytes[offset + 3] == 0x04 {
      headers.append(offset)
    }
    #expect(headers.count == 2)
    for offset in headers {
      let time = uint16(offset + 10)
      let date = uint16(offset + 12)
      #expect(1980 + (date >> 9) == 2024)
      #expect((date >> 5) & 0xF == 3)
      #expect(date & 0x1F == 10)
      #expect(time >> 11 == 6)
    }
  }
}
