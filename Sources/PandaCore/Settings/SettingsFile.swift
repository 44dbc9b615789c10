import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The settings file, `$XDG_CONFIG_HOME/panda/config`: `key = value` lines, `#` comments.
///
/// Changes rewrite only the line of the key they touch, so comments, blank lines and keys panda
/// does not know stay as the user wrote them. The file is written whole to a temporary file and
/// renamed over the old one, readable by its owner only (it may hold an API key).
package struct SettingsFile: Sendable, Equatable {
  /// The file's lines, as read.
  private(set) var lines: [String]

  /// The file with `text` as its contents.
  init(text: String) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
  }

  /// The file's path under `folder` (`folder(environment:)`).
  package static func path(in folder: String) -> String { (folder as NSString).appendingPathComponent("config") }

  /// Reads the file at `path`; a missing file is an empty one.
  package static func read(at path: String) -> SettingsFile {
    SettingsFile(text: (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
  }

  /// The settings, as `parse` reads them.
  package var values: [String: String] { Self.parse(text) }

  /// The file's text.
  package var text: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

  /// Sets `key` to `value`, replacing its line or adding one at the end.
  package mutating func set(_ key: String, to value: String) {
    let line = "\(key) = \(value)"
    let indices = lines.indices.filter { Self.key(of: lines[$0]) == key }
    guard let first = indices.first else {
      lines.append(line)
      return
    }
    lines[first] = line
    for index in indices.dropFirst().reversed() { lines.remove(at: index) }
  }

  /// Removes every line that sets `key`; returns whether there was one.
  @discardableResult
  package mutating func unset(_ key: String) -> Bool {
    let count = lines.count
    lines.removeAll { Self.key(of: $0) == key }
    return lines.count != count
  }

  /// Writes the file to `path`, creating its folder.
  package func write(to path: String) throws(SettingsError) {
    let folder = (path as NSString).deletingLastPathComponent
    let temporary = path + ".tmp-\(getpid())"
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      guard
        FileManager.default.createFile(
          atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
      else { throw SettingsError.unwritable(path: path, reason: "cannot create \(temporary)") }
      guard rename(temporary, path) == 0 else {
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        throw SettingsError.unwritable(path: path, reason: reason)
      }
    } catch let error as SettingsError {
      throw error
    } catch {
      throw .unwritable(path: path, reason: error.localizedDescription)
    }
  }

  private static func key(of line: String) -> String? {
    let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    guard let equals = content.firstIndex(of: "=") else { return nil }
    return content[..<equals].trimmingCharacters(in: .whitespaces)
  }

  /// Reads `key = value` lines; `#` starts a comment.
  static func parse(_ text: String) -> [String: String] {
    var settings: [String: String] = [:]
    for line in text.split(whereSeparator: \.isNewline) {
      let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      guard let equals = content.firstIndex(of: "=") else { continue }
      let key = content[..<equals].trimmingCharacters(in: .whitespaces)
      var value = content[content.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
      if !key.isEmpty { settings[key] = value }
    }
    return settings
  }

  /// `$XDG_CONFIG_HOME/panda` (`~/.config/panda`).
  package static func folder(environment: [String: String]) -> String {
    let home =
      environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".config")
    return (home as NSString).appendingPathComponent("panda")
  }
}
