import Foundation
import PandaCore
import PandaStore

/// Where the database lives and how to open it.
enum DatabaseLocation {
  /// `--db`, else `PANDA_DB`, else `$XDG_DATA_HOME/panda/panda.sqlite` (`~/.local/share/panda/…`).
  static func path(_ arguments: Arguments, environment: [String: String]) -> String {
    if let path = arguments.value(.database) ?? environment["PANDA_DB"], !path.isEmpty { return path }
    let dataHome =
      environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".local/share")
    return (dataHome as NSString).appendingPathComponent("panda/panda.sqlite")
  }

  /// The database's path if it exists; otherwise `nil`, after telling the user how to start.
  static func existingPath(_ arguments: Arguments, console: Console) -> String? {
    let path = path(arguments, environment: console.environment)
    guard FileManager.default.fileExists(atPath: path) else {
      console.error("panda: no database at \(path) yet. Import an export first: panda import export.zip\n")
      return nil
    }
    return path
  }

  /// Opens an existing database read-only, for commands that only read. Daily values computed
  /// for another zone or source priority are computed again once and stored, under the run lock,
  /// so that the next run in that zone reads them as they are; where the file cannot be written
  /// (read-only media) or another run holds the lock, they are computed for this run only, in
  /// memory, and the file is left as it was.
  static func openForReading(_ path: String, context: DailyContext) throws -> Database {
    let database = try openForReading(path)
    let dailyValues = DailyValueStore(database: database, context: context)
    guard try !dailyValues.isCurrent() else { return database }
    if storeDailyValues(at: path, context: context), try dailyValues.isCurrent() { return database }
    try dailyValues.computeForThisConnection()
    return database
  }

  /// Computes the daily values of the database at `path` for `context` and stores them, if the
  /// run lock is free at once and the file can be written; whether it did.
  private static func storeDailyValues(at path: String, context: DailyContext) -> Bool {
    guard FileManager.default.isWritableFile(atPath: path),
      let lock = try? RunLock.acquire(for: path, waitingUpTo: 0)
    else { return false }
    defer { withExtendedLifetime(lock) {} }
    do {
      let database = try open(path, busyWait: 1)
      try database.transaction { try DailyValueStore(database: database, context: context).bringUpToDate() }
      try? database.checkpoint()
      return true
    } catch {
      return false
    }
  }

  /// Opens an existing database read-only.
  static func openForReading(_ path: String) throws -> Database {
    do {
      return try Database.openPandaForReading(at: path)
    } catch let error as DatabaseError {
      throw DatabaseError(code: error.code, message: "\(path): \(error.message)", sql: error.sql)
    }
  }

  /// Opens an existing database with daily values brought up to date for `context`, writing
  /// them: only for a command that holds the run lock.
  static func openExisting(_ path: String, context: DailyContext) throws -> Database {
    let database = try open(path)
    let dailyValues = DailyValueStore(database: database, context: context)
    if try !dailyValues.isCurrent() {
      try database.transaction { try dailyValues.bringUpToDate() }
    }
    return database
  }

  /// Opens the database at `path`, creating it and its folder on first use, and migrates it.
  /// While another connection holds the write lock it waits up to `busyWait` seconds, or until
  /// `isCancelled` says to stop.
  static func open(
    _ path: String, busyWait: Double = 5, isCancelled: @escaping @Sendable () -> Bool = { false }
  ) throws -> Database {
    try createFolder(for: path)
    let database: Database
    do {
      database = try Database.openPanda(at: path, busyWait: busyWait, isCancelled: isCancelled)
    } catch let error as DatabaseError {
      throw DatabaseError(code: error.code, message: "\(path): \(error.message)", sql: error.sql)
    }
    return database
  }

  /// Creates the folder the database at `path` lives in, if it does not exist yet.
  static func createFolder(for path: String) throws(DatabaseError) {
    let folder = (path as NSString).deletingLastPathComponent
    guard !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) else { return }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw DatabaseError(code: 14, message: "cannot create the folder \(folder)", sql: nil)
    }
  }

  /// How long to wait for another run on the same database: `PANDA_LOCK_WAIT` seconds, default 10.
  static func lockWait(_ environment: [String: String]) -> Double {
    Double(environment["PANDA_LOCK_WAIT"] ?? "").flatMap { $0 >= 0 && $0.isFinite ? $0 : nil } ?? 10
  }

  /// Opens the database at `path` for a command that writes, under the run lock, which the
  /// caller keeps as long as it uses the database; `nil`, after saying so, when another run
  /// still holds the lock after `lockWait` seconds.
  static func openLocked(_ path: String, console: Console) throws -> (database: Database, lock: RunLock)? {
    try createFolder(for: path)
    guard let lock = try runLock(for: path, console: console) else { return nil }
    return (try open(path, busyWait: lockWait(console.environment)), lock)
  }

  /// Opens the existing database at `path` read-only for a command that only reads, or for one
  /// that `writes` under the run lock (see `openLocked`, which creates it if need be); `nil`,
  /// after saying so, when another run still holds the lock after `lockWait` seconds.
  static func open(
    _ path: String, writing writes: Bool, console: Console
  ) throws -> (database: Database, lock: RunLock?)? {
    guard writes else { return (try openForReading(path), nil) }
    return try openLocked(path, console: console).map { ($0.database, $0.lock) }
  }

  /// Takes the run lock for the database at `path`, waiting `lockWait` seconds; `nil`, after
  /// saying so, if another run still holds it or `isCancelled` turned `true` meanwhile.
  static func runLock(
    for path: String, console: Console, isCancelled: () -> Bool = { false }
  ) throws -> RunLock? {
    let wait = lockWait(console.environment)
    if let lock = try RunLock.acquire(for: path, waitingUpTo: wait, isCancelled: isCancelled) { return lock }
    if !isCancelled() {
      console.error(
        "panda: another panda run is using \(path) and did not finish within \(Int(wait)) s; try again later.\n")
    }
    return nil
  }
}
