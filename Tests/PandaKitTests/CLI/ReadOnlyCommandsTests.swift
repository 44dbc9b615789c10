import Foundation
import Testing

@testable import PandaKit

/// Commands that only read open the database read-only: they work on read-only media and never
/// change the file, even when they need daily values for another zone.
@Suite struct ReadOnlyCommandsTests {
  static let readers = [
    ["status"], ["metrics", "--date", "2022-10-02"], ["series", "activity.steps"], ["cache", "list"],
    ["stats", "activity.steps"], ["export", "daily"], ["export", "samples"],
  ]
  /// Readers of the delivery tables, which take no zone.
  static let deliveryReaders = [["outbox"], ["outbox", "--format", "json"], ["notify", "list"], ["notify", "test"]]

  let folder: TemporaryFolder
  let databasePath: String

  init() async throws {
    folder = try TemporaryFolder()
    databasePath = folder.file("panda.sqlite")
    let seeded = await runPanda(
      ["import", Fixtures.path("ios16-quirks.xml"), "-q", "--db", databasePath, "--timezone", "Europe/Berlin"])
    #expect(seeded.status == .success)
  }

  @Test func readersInAnotherZoneComputeForTheRunAndLeaveTheFileAsItWas() async throws {
    let before = try Data(contentsOf: URL(fileURLWithPath: databasePath))
    for command in Self.readers {
      let result = await runPanda(command + ["--db", databasePath, "--timezone", "Pacific/Kiritimati"])
      #expect(result.status == .success, "\(command): \(result.error)")
    }
    for command in Self.deliveryReaders {
      let result = await runPanda(command + ["--db", databasePath])
      #expect(result.status == .success, "\(command): \(result.error)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: databasePath)) == before)
    let zone = try Database(path: databasePath).firstRow("SELECT time_zone FROM daily_values_context")?.text(0)
    #expect(zone == "Europe/Berlin")
  }

  @Test func aReadersConnectionCannotWrite() throws {
    let database = try DatabaseLocation.openForReading(
      databasePath, context: DailyContext(zone: TimeZone(identifier: "Asia/Tokyo")!))
    #expect(throws: DatabaseError.self) { try database.execute("DELETE FROM samples") }
    #expect(try database.firstRow("SELECT time_zone FROM daily_values_context")?.text(0) == "Asia/Tokyo")
  }

  /// Needs a read-only file system: mounts one where the tests may (as root), else does nothing.
  @Test func readersWorkOnReadOnlyMedia() async throws {
    let mountPoint = folder.file("media")
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
    guard runTool("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", mountPoint) else { return }
    defer { _ = runTool("umount", mountPoint) }
    let copy = (mountPoint as NSString).appendingPathComponent("panda.sqlite")
    try FileManager.default.copyItem(atPath: databasePath, toPath: copy)
    #expect(runTool("mount", "-o", "remount,ro", mountPoint))
    for command in Self.readers {
      let result = await runPanda(command + ["--db", copy, "--timezone", "Europe/Berlin"])
      #expect(result.status == .success, "\(command): \(result.error)")
    }
    for command in Self.deliveryReaders {
      let result = await runPanda(command + ["--db", copy])
      #expect(result.status == .success, "\(command): \(result.error)")
    }
    let other = await runPanda(["status", "--db", copy, "--timezone", "Asia/Tokyo"])
    #expect(other.status == .success, "\(other.error)")
  }
}
