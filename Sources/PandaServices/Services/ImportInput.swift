import Foundation

/// One file `panda import` reads: an Apple Health export, or a Health Auto Export document,
/// recognised by content rather than name.
package struct ImportInput: Equatable, Sendable {
  /// The path given, or `-` for standard input.
  var path: String
  /// Whether it is Health Auto Export JSON.
  package var isDocument: Bool

  /// The inputs a command-line PATH stands for: `-` is a document on standard input; a file
  /// that starts with `{` is a document; a folder without an export but with `.json` files
  /// (the app's synced folder) is those files, by name; anything else is an export, which the
  /// export importer checks and reports on.
  static func inputs(for path: String) -> [ImportInput] {
    if path == "-" { return [ImportInput(path: path, isDocument: true)] }
    var status = stat()
    guard stat(path, &status) == 0 else { return [ImportInput(path: path, isDocument: false)] }
    switch status.st_mode & S_IFMT {
    case S_IFREG:
      return [ImportInput(path: path, isDocument: startsWithBrace(path))]
    case S_IFDIR:
      let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      let holdsExport = names.contains { name in
        let lowered = name.lowercased()
        return lowered.hasSuffix(".xml") && lowered != "export_cda.xml"
      }
      let documents = names.filter { $0.lowercased().hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
      guard !holdsExport, !documents.isEmpty else { return [ImportInput(path: path, isDocument: false)] }
      return documents.map { ImportInput(path: (path as NSString).appendingPathComponent($0), isDocument: true) }
    default:
      return [ImportInput(path: path, isDocument: false)]
    }
  }

  /// Whether the file's first byte after white space (and a byte-order mark) is `{`.
  private static func startsWithBrace(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = [UInt8]((try? handle.read(upToCount: 512)) ?? Data())
    let start = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let first = head[start...].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    return first == UInt8(ascii: "{")
  }
}
