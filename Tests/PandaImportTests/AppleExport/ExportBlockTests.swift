import Foundation
import Testing

@testable import PandaImport
@testable import PandaStore
@testable import PandaTestSupport

@Suite struct ExportBlockTests {
  let folder: TemporaryFolder
  let database: Database

  init() throws {
    folder = try TemporaryFolder()
    database = try Database.openPanda(at: folder.file("panda.sqlite"))
  }

  /// Step records ten minutes apart from 2024-05-01 00:00 UTC, each with its own value.
  func steps(_ indices: [Int]) -> String {
    indices.map { index in
      let start = Date(timeIntervalSince1970: 1_714_521_600 + Double(index) * 600)
      return stepRecord(
        start: Self.format(start), end: Self.format(start.addingTimeInterval(300)), value: "\(index + 1)")
    }.joined(separator: "\n")
  }

  static func format(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
    return formatter.string(from: date)
  }

  func write(_ name: String, _ body: String, exportDate: String = "2025-01-01 00:00:00 +0000") throws -> String {
    try folder.write(name, exportXML("<ExportDate value=\"\(exportDate)\"/>\n" + body))
  }

  /// Records the reader would skip unread in `path`, given the blocks stored so far.
  func recognized(_ path: String) throws -> Int {
    let outcome = try ExportImporter.pipeline(
      location: try ExportLocation.locate(path), path: path, known: try ExportBlockStore.load(from: database),
      write: { _, _, _ in })
    return outcome.recognized
  }

  func count(_ sql: String) throws -> Int64 {
    try database.integer(sql) ?? -1
  }

  @Test func theHashDependsOnEveryByteAndTheLength() {
    func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { BlockHash.hash($0) } }
    let base = Array("<Record type=\"HKQuantityTypeIdentifierStepCount\" value=\"12\"/>\n ".utf8)
    var hashes: Set<UInt64> = [hash(base), hash(base + [0]), hash(Array(base.dropLast())), hash([])]
    for index in base.indices {
      var changed = base
      changed[index] ^= 1
      hashes.insert(hash(changed))
    }
    #expect(hashes.count == base.count + 4)
    #expect(hash(base) == hash(Array(base)))
  }

  @Test func aReimportSkipsEveryStoredBlockUnreadAndChangesNothing() throws {
    let path = try write("export.xml", steps(Array(0..<2_000)))
    let first = try ExportImporter(database: database).importExport(at: path)
    #expect(first.counts.inserted == 2_000)
    #expect(try count("SELECT count(*) FROM export_blocks") > 10)
    #expect(try count("SELECT sum(records) FROM export_blocks") == 2_000)
    #expect(try recognized(path) == 2_000)

    let before = try contents(ofDatabaseAt: database.path).filter { !$0.hasPrefix("imports:") }
    let again = try ExportImporter(database: database).importExport(at: path)
    #expect(again.counts.records == 2_000)
    #expect(again.counts.inserted == 0)
    #expect(again.counts.duplicates == 2_000)
    #expect(try contents(ofDatabaseAt: database.path).filter { !$0.hasPrefix("imports:") } == before)
  }

  @Test func aRecordAddedOrDeletedInTheMiddleRereadsOnlyTheBlocksAroundIt() throws {
    let old = try write("old.xml", steps(Array(0..<2_000)))
    // The newer export lost record 700, gained one between 1200 and 1201 and 100 at the end.
    var indices = Array(0..<2_100).filter { $0 != 700 }
    indices.insert(5_000, at: indices.firstIndex(of: 1_201)!)
    let new = try write("new.xml", steps(indices), exportDate: "2025-02-01 00:00:00 +0000")
    _ = try ExportImporter(database: database).importExport(at: old)

    let skipped = try recognized(new)
    #expect(skipped >= 1_500)
    #expect(skipped < 1_999)
    let summary = try ExportImporter(database: database).importExport(at: new)
    #expect(summary.counts.records == 2_100)
    #expect(summary.counts.inserted == 101)
    #expect(summary.counts.duplicates == 1_999)

    // The same imports with nothing remembered store exactly the same.
    let other = try Database.openPanda(at: folder.file("other.sqlite"))
    _ = try ExportImporter(database: other).importExport(at: old)
    try other.execute("DELETE FROM export_blocks")
    _ = try ExportImporter(database: other).importExport(at: new)
    func stored(_ database: Database) throws -> [[String]?] {
      let data = try database.contentsByTable()
      return [data["samples"], data["daily_values"]]
    }
    #expect(try stored(database) == stored(other))
    // A third import of the newer export recognises all of it.
    #expect(try recognized(new) == 2_100)
  }

  @Test func aBlockIsReadAgainWhereAnOlderExportHasItsRecordsOutOfRange() throws {
    let records = steps(Array(0..<500))
    _ = try ExportImporter(database: database).importExport(at: try write("new.xml", records))
    // An export made on 2024-05-02 12:00: the 283 records after then are out of range.
    let older = try write("older.xml", records, exportDate: "2024-05-02 12:00:00 +0000")
    let summary = try ExportImporter(database: database).importExport(at: older)
    #expect(summary.counts.outOfRange == 500 - 217)
    #expect(summary.counts.duplicates == 217)
    #expect(summary.counts.inserted == 0)
  }

  @Test func aBlockWithARecordNotStoredIsNeverSkipped() throws {
    var lines = steps(Array(0..<300)).split(separator: "\n").map(String.init)
    lines[150] = lines[150].replacingOccurrences(of: "value=\"151\"", with: "value=\"-5\"")
    let path = try write("export.xml", lines.joined(separator: "\n"))
    let first = try ExportImporter(database: database).importExport(at: path)
    #expect(first.counts.implausible == 1)
    #expect(try recognized(path) < 300)
    let again = try ExportImporter(database: database).importExport(at: path)
    #expect(again.counts.implausible == 1)
    #expect(again.skippedExamples == first.skippedExamples)
    #expect(again.counts.duplicates == 299)
  }
}
