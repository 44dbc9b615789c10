import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive lock on a file beside the database, so that two runs on one database (two cron
/// jobs, a cron job and a person) never duplicate work. Released when the value goes away, or
/// by the system when the process dies.
final class RunLock {
  private let descriptor: Int32

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  /// Takes the lock for `databasePath`, waiting up to `seconds` for another run to finish;
  /// `nil` if it is still held then.
  static func acquire(for databasePath: String, waitingUpTo seconds: Double) throws -> RunLock? {
    let path = databasePath + ".lock"
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw DatabaseError(code: 14, message: "cannot create the lock file \(path)", sql: nil)
    }
    let deadline = Date().addingTimeInterval(seconds)
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard Date() < deadline else {
        close(descriptor)
        return nil
      }
      usleep(50_000)
    }
    return RunLock(descriptor: descriptor)
  }
}
