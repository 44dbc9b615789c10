import Foundation

/// The export's XML, wherever it lives: inside `export.zip`, as a loose file, or in the unpacked
/// `apple_health_export` folder. The file is recognised by content, since its name is translated
/// with the phone's language (`eksport.xml`, `导出.xml`…).
struct ExportLocation: Sendable {
  /// What the user named, for messages.
  let path: String
  /// The file that holds the bytes (the archive, for a zip).
  let file: InputFile
  /// The archive entry, when the export is read out of a zip.
  let entry: ZipArchive.Entry?
  private let archive: ZipArchive?

  /// Size of the file read from, for progress.
  var totalBytes: Int64 { file.size }

  /// A fresh stream of the export's XML bytes.
  func openSource() throws(ImportError) -> ByteSource {
    if let archive, let entry { return try archive.source(for: entry) }
    return FileByteSource(file: file)
  }

  /// Finds the export at `path`.
  static func locate(_ path: String) throws(ImportError) -> ExportLocation {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .missingFile(path: path)
    }
    if isDirectory.boolValue { return try locateInFolder(path) }
    let file = try InputFile(path: path)
    let prefix = try file.bytes(at: 0, count: 4)
    if ZipArchive.looksLikeZip(prefix) { return try locateInArchive(path, file: file) }
    guard file.size > 0 else { throw .notAnExport(path: path, reason: "the file is empty") }
    guard try looksLikeExport(FileByteSource(file: file)) else {
      throw .notAnExport(path: path, reason: "it has no <HealthData> element")
    }
    return ExportLocation(path: path, file: file, entry: nil, archive: nil)
  }

  private static func locateInArchive(_ path: String, file: InputFile) throws(ImportError) -> ExportLocation {
    let archive = try ZipArchive(file: file)
    let candidates = archive.entries
      .filter { entry in
        let name = entry.name.lowercased()
        return name.hasSuffix(".xml") && !name.hasSuffix("export_cda.xml") && !name.contains("__macosx")
      }
      .sorted { $0.uncompressedSize > $1.uncompressedSize }
    for entry in candidates where try looksLikeExport(archive.source(for: entry)) {
      return ExportLocation(path: path, file: file, entry: entry, archive: archive)
    }
    throw .notAnExport(path: path, reason: "the archive holds no export.xml")
  }

  private static func locateInFolder(_ path: String) throws(ImportError) -> ExportLocation {
    let folders = [path, (path as NSString).appendingPathComponent("apple_health_export")]
    for folder in folders {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      for name in names.sorted()
      where name.lowercased().hasSuffix(".xml") && name.lowercased() != "export_cda.xml" {
        let candidate = (folder as NSString).appendingPathComponent(name)
        let file = try InputFile(path: candidate)
        if try looksLikeExport(FileByteSource(file: file)) {
          return ExportLocation(path: candidate, file: file, entry: nil, archive: nil)
        }
      }
    }
    throw .notAnExport(path: path, reason: "the folder holds no export.xml")
  }

  /// Whether the first 64 KB announce a `HealthData` document.
  private static func looksLikeExport(_ source: ByteSource) throws(ImportError) -> Bool {
    let prefix = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
    defer { prefix.deallocate() }
    var filled = 0
    do throws(ImportError) {
      while filled < prefix.count {
        let count = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: prefix[filled...]))
        if count == 0 { break }
        filled += count
      }
    } catch {
      switch error {
      case .corruptArchive, .truncatedArchive:
        // A damaged entry may still be the export; the import reports the damage when it gets there.
        break
      default:
        throw error
      }
    }
    let text = String(decoding: prefix[0..<filled], as: UTF8.self)
    return text.contains("<!DOCTYPE HealthData") || text.contains("<HealthData")
  }
}
