import Foundation
import Testing

@testable import PandaImport
@testable import PandaSynthetic
@testable import PandaTestSupport

@Suite struct ZipArchiveTests {
  func writeZip(to path: String, forceZip64: Bool, entries: [(String, String)]) throws {
    let zip = try ZipWriter(path: path, forceZip64: forceZip64)
    for (name, text) in entries {
      try zip.addEntry(name) { append in try append(text) }
    }
    try zip.finish()
  }

  func readAll(_ source: ByteSource) throws -> String {
    var bytes: [UInt8] = []
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1_000, alignment: 1)
    defer { buffer.deallocate() }
    while true {
      let count = try source.read(into: buffer)
      if count == 0 { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test(arguments: [false, true])
  func entriesStreamBackExactly(forceZip64: Bool) throws {
    let folder = try TemporaryFolder()
    let path = folder.file("archive.zip")
    let large = String(repeating: "<Record type=\"A\" value=\"1\"/>\n", count: 20_000)
    try writeZip(to: path, forceZip64: forceZip64, entries: [("a.txt", "hello"), ("dir/export.xml", large)])
    let archive = try ZipArchive(file: try InputFile(path: path))
    #expect(archive.entries.map(\.name) == ["a.txt", "dir/export.xml"])
    #expect(archive.entries[1].uncompressedSize == Int64(large.utf8.count))
    #expect(try readAll(archive.source(for: archive.entries[1])) == large)
    #expect(try readAll(archive.source(for: archive.entries[0])) == "hello")
  }

  @Test func aZip64DirectoryOffsetPastInt64IsDamageNotACrash() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("archive.zip")
    try writeZip(to: path, forceZip64: true, entries: [("export.xml", "<HealthData/>")])
    var data = try Data(contentsOf: URL(fileURLWithPath: path))
    let record = try #require(data.lastRange(of: Data([0x50, 0x4B, 0x06, 0x06])))
    for byte in 0..<8 { data[record.lowerBound + 48 + byte] = 0xFF }
    let crafted = try folder.write("crafted.zip", data)
    #expect {
      try ZipArchive(file: try InputFile(path: crafted))
    } throws: { error in
      guard case .corruptArchive(let file, _, _) = error as? ImportError else { return false }
      return file == crafted
    }
  }

  @Test func anArchiveCutShortHasNoDirectory() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("archive.zip")
    try writeZip(to: path, forceZip64: false, entries: [("export.xml", String(repeating: "x", count: 5_000))])
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let cut = try folder.write("cut.zip", data.prefix(data.count / 2))
    #expect(throws: ImportError.truncatedArchive(path: cut, offset: Int64(data.count / 2))) {
      try ZipArchive(file: try InputFile(path: cut))
    }
  }

  @Test func dataThatInflatesButDoesNotMatchItsChecksumIsDamaged() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("archive.zip")
    try writeZip(to: path, forceZip64: false, entries: [("export.xml", String(repeating: "<R/>", count: 1_000))])
    var data = try Data(contentsOf: URL(fileURLWithPath: path))
    // The CRC-32 in the central directory entry (its signature, then 12 bytes in).
    let directory = try #require(data.lastRange(of: Data([0x50, 0x4B, 0x01, 0x02])))
    data[directory.lowerBound + 16] ^= 0xFF
    let patched = try folder.write("patched.zip", data)
    let archive = try ZipArchive(file: try InputFile(path: patched))
    #expect {
      try readAll(archive.source(for: archive.entries[0]))
    } throws: { error in
      guard case .corruptArchive(_, _, let reason) = error as? ImportError else { return false }
      return reason == "export.xml does not match its checksum"
    }
  }

  /// An archive whose central directory entry has `value` written at `offset` (20: compressed
  /// size, 24: uncompressed size).
  func archive(patching offset: Int, with value: UInt32, in folder: TemporaryFolder) throws -> ZipArchive {
    let path = folder.file("archive.zip")
    try writeZip(to: path, forceZip64: false, entries: [("export.xml", String(repeating: "<R/>", count: 1_000))])
    var data = try Data(contentsOf: URL(fileURLWithPath: path))
    let directory = try #require(data.lastRange(of: Data([0x50, 0x4B, 0x01, 0x02])))
    for byte in 0..<4 { data[directory.lowerBound + offset + byte] = UInt8(truncatingIfNeeded: value >> (8 * byte)) }
    return try ZipArchive(file: try InputFile(path: try folder.write("patched.zip", data)))
  }

  @Test(arguments: [
    (
      20, UInt32(0x7FFF_FFFF),
      "export.xml declares an absurd size: 2147483647 bytes compressed, where the archive holds"
    ),
    (24, UInt32(0x7FFF_FFFF), "export.xml declares an absurd size: 2147483647 bytes inflated from"),
  ])
  func aSizeNoArchiveCouldHoldIsCalledAbsurd(offset: Int, value: UInt32, message: String) throws {
    let folder = try TemporaryFolder()
    let archive = try archive(patching: offset, with: value, in: folder)
    #expect {
      try readAll(archive.source(for: archive.entries[0]))
    } throws: { error in
      guard case .corruptArchive(_, _, let reason) = error as? ImportError else { return false }
      return reason.hasPrefix(message)
    }
  }

  @Test func anUncompressedSizeThatIsWrongButPossibleNamesBothSizes() throws {
    let folder = try TemporaryFolder()
    let archive = try archive(patching: 24, with: 4_001, in: folder)
    #expect {
      try readAll(archive.source(for: archive.entries[0]))
    } throws: { error in
      guard case .corruptArchive(_, _, let reason) = error as? ImportError else { return false }
      return reason == "export.xml holds 4000 bytes, not the 4001 its header declares"
    }
  }

  @Test func damagedCompressedDataIsReportedAsDamage() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("archive.zip")
    var random = SeededGenerator(seed: 3)
    let text = (0..<4_000).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
    try writeZip(to: path, forceZip64: false, entries: [("export.xml", text)])
    var data = try Data(contentsOf: URL(fileURLWithPath: path))
    data[60] ^= 0xFF
    let damaged = try folder.write("damaged.zip", data)
    let archive = try ZipArchive(file: try InputFile(path: damaged))
    #expect {
      try readAll(archive.source(for: archive.entries[0]))
    } throws: { error in
      guard case .corruptArchive(let file, _, _) = error as? ImportError else { return false }
      return file == damaged
    }
  }
}
