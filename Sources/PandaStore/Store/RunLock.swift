import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive lock on a file beside the database, so that two runs on one database (two cron
/// jobs, a cron job and a person) never duplicate work. Released when the value goes away, or
/// by the system when the process dies. The holder removes the file as it lets go, so no
/// `.lock` file stays behind.
package final class RunLock {
  private let descriptor: Int32
  private let path: String

  private init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  deinit {
    // Removed while still held: a waiter that opened the old file notices and opens it again.
    unlink(path)
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  /// Takes the lock for `databasePath`, waiting up to `seconds` for another run to finish;
  /// `nil` if it is still held then, or once `isCancelled` returns `true` (Ctrl-C).
  package static func acquire(
    for databasePath: String, waitingUpTo seconds: Double, isCancelled: () -> Bool = { false }
  ) throws -> RunLock? {
    let path = databasePath + ".lock"
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else {
        throw DatabaseError(code: 14, message: "cannot create the lock file \(path)", sql: nil)
      }
      if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
        if isStillNamed(path, descriptor) { return RunLock(descriptor: descriptor, path: path) }
        // The previous holder removed the file after it was opened here: lock the new one.
        close(descriptor)
        continue
      }
      close(descriptor)
      guard Date() < deadline, !isCancelled() else { return nil }
      usleep(50_000)
    }
  }

  /// Whether `path` still names the file open as `descriptor`.
  private static func isStillNamed(_ path: String, _ descriptor: Int32) -> Bool {
    var held = stat()
    var named = stat()
    guard fstat(descriptor, &held) == 0, stat(path, &named) == 0 else { return false }
    return held.st_dev == named.st_dev && held.st_ino == named.st_ino
  }
}
