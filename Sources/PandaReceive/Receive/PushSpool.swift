import Foundation

#if canImport(Glibc)
  import Glibc
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  import Darwin
  private let systemWrite = Darwin.write
#endif

/// The folder beside the database where each accepted push is kept, durably, until it is
/// imported: `<db>.inbox/`. A push is written to a temporary name, flushed to the disk,
/// renamed, and the folder flushed too, before it is acknowledged; so once a client has its 2xx
/// the push survives a crash or a power cut. Names sort in arrival order.
package struct PushSpool: Sendable {
  /// `<db>.inbox`.
  package let folder: String

  /// The spool of the database at `databasePath`.
  package init(databasePath: String) {
    folder = databasePath + ".inbox"
  }

  /// Where a push the importer refused is kept for a person to look at.
  package var rejectedFolder: String { (folder as NSString).appendingPathComponent("rejected") }

  /// Where a push whose import kept failing is kept, beside a `.reason` file saying why, until
  /// `panda receive --retry-quarantined` imports it.
  package var quarantineFolder: String { (folder as NSString).appendingPathComponent("quarantine") }

  /// Creates the folders (readable by the owner only: pushes hold health data) and removes
  /// temporary files of writes that never finished, which were never acknowledged.
  package func prepare() throws(SpoolError) {
    for path in [folder, rejectedFolder, quarantineFolder] {
      do {
        try FileManager.default.createDirectory(
          atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw .cannotCreate(path: path, reason: "\(error.localizedDescription)")
      }
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for name in names where name.hasPrefix(".tmp-") {
      unlink((folder as NSString).appendingPathComponent(name))
    }
    // The count of a push that is no longer waiting.
    for name in names where name.hasSuffix(Self.failuresSuffix) {
      let push = String(name.dropLast(Self.failuresSuffix.count))
      if !names.contains(push) { unlink((folder as NSString).appendingPathComponent(name)) }
    }
  }

  /// Beside a spooled push, the file counting its failed imports.
  private static let failuresSuffix = ".failures"

  /// The failed imports of the spooled push at `path` so far, as `noteFailures` kept them: a
  /// restart goes on counting, so a push that keeps failing is still quarantined after its
  /// retries. 0 when none was noted.
  func failures(of path: String) -> Int {
    guard let text = try? String(contentsOfFile: path + Self.failuresSuffix, encoding: .utf8) else { return 0 }
    return max(0, Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0)
  }

  /// Notes that the import of the spooled push at `path` has failed `count` times.
  func noteFailures(_ count: Int, of path: String) {
    let temporary = (folder as NSString).appendingPathComponent(
      ".tmp-" + (path as NSString).lastPathComponent + Self.failuresSuffix)
    guard FileManager.default.createFile(atPath: temporary, contents: Data("\(count)\n".utf8)) else { return }
    if rename(temporary, path + Self.failuresSuffix) != 0 { unlink(temporary) }
  }

  /// The spooled pushes waiting to be imported, oldest first.
  package func pending() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map {
      (folder as NSString).appendingPathComponent($0)
    }
  }

  /// The file name for a push received at `date`: its UTC time to the millisecond, so names
  /// sort in arrival order, and a random part so that two pushes in one millisecond differ.
  package static func name(receivedAt date: Date) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1_000).rounded(.down))
    let seconds = time_t(milliseconds / 1_000)
    var parts = tm()
    var copy = seconds
    gmtime_r(&copy, &parts)
    let stamp = String(
      format: "%04d%02d%02dT%02d%02d%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
      Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(milliseconds % 1_000))
    return "push-\(stamp)-\(String(format: "%08x", UInt32.random(in: 0...UInt32.max))).json"
  }

  /// Writes `bytes` as a new spooled push and makes it durable; returns its path.
  func write(_ bytes: [UInt8], receivedAt date: Date) throws(SpoolError) -> String {
    let name = Self.name(receivedAt: date)
    let temporary = (folder as NSString).appendingPathComponent(".tmp-" + name)
    let path = (folder as NSString).appendingPathComponent(name)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .writeFailed(path: temporary, reason: Self.reason(errno)) }
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        let failure = Self.reason(errno)
        close(descriptor)
        unlink(temporary)
        throw .writeFailed(path: temporary, reason: failure)
      }
      written += count
    }
    guard fsync(descriptor) == 0 else {
      let failure = Self.reason(errno)
      close(descriptor)
      unlink(temporary)
      throw .writeFailed(path: temporary, reason: failure)
    }
    close(descriptor)
    guard rename(temporary, path) == 0 else {
      let failure = Self.reason(errno)
      unlink(temporary)
      throw .writeFailed(path: path, reason: failure)
    }
    try Self.flush(folder: folder)
    return path
  }

  /// Removes an imported push, durably.
  func remove(_ path: String) throws(SpoolError) {
    unlink(path + Self.failuresSuffix)
    guard unlink(path) == 0 || errno == ENOENT else { throw .writeFailed(path: path, reason: Self.reason(errno)) }
    try Self.flush(folder: folder)
  }

  /// Moves a push the importer refused into `rejected/`; returns its new path.
  package func reject(_ path: String) throws(SpoolError) -> String {
    let target = (rejectedFolder as NSString).appendingPathComponent((path as NSString).lastPathComponent)
    guard rename(path, target) == 0 else { throw .writeFailed(path: target, reason: Self.reason(errno)) }
    unlink(path + Self.failuresSuffix)
    try Self.flush(folder: rejectedFolder)
    try Self.flush(folder: folder)
    return target
  }

  /// Moves a push whose import kept failing into `quarantine/`, with `reason` in a file of the
  /// same name ending `.reason`; returns its new path.
  func quarantine(_ path: String, reason: String) throws(SpoolError) -> String {
    let name = (path as NSString).lastPathComponent
    let target = (quarantineFolder as NSString).appendingPathComponent(name)
    let reasonPath = target + ".reason"
    guard FileManager.default.createFile(atPath: reasonPath, contents: Data(reason.utf8), attributes: nil) else {
      throw .writeFailed(path: reasonPath, reason: "cannot create the file")
    }
    guard rename(path, target) == 0 else { throw .writeFailed(path: target, reason: Self.reason(errno)) }
    unlink(path + Self.failuresSuffix)
    try Self.flush(folder: quarantineFolder)
    try Self.flush(folder: folder)
    return target
  }

  /// The quarantined pushes, oldest first, each with the reason it was quarantined.
  package func quarantined() -> [(path: String, reason: String)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: quarantineFolder)) ?? []
    return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { name in
      let path = (quarantineFolder as NSString).appendingPathComponent(name)
      let reason = (try? String(contentsOfFile: path + ".reason", encoding: .utf8)) ?? ""
      return (path, reason.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  /// Removes a quarantined push that has now been imported, and its reason.
  package func removeQuarantined(_ path: String) throws(SpoolError) {
    unlink(path + ".reason")
    guard unlink(path) == 0 || errno == ENOENT else { throw .writeFailed(path: path, reason: Self.reason(errno)) }
    try Self.flush(folder: quarantineFolder)
  }

  /// Notes another failed attempt at a quarantined push.
  package func noteFailure(ofQuarantined path: String, reason: String) {
    _ = FileManager.default.createFile(atPath: path + ".reason", contents: Data(reason.utf8), attributes: nil)
  }

  /// Flushes a folder's entries (a new, renamed or removed name) to the disk.
  private static func flush(folder: String) throws(SpoolError) {
    let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .writeFailed(path: folder, reason: reason(errno)) }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw .writeFailed(path: folder, reason: reason(errno)) }
  }

  private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
