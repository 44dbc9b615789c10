import Foundation
import Testing

@testable import PandaImport
@testable import PandaServices
@testable import PandaStore
@testable import PandaTestSupport

/// The push import job: a push checked as it arrives is stored from what the check read, and one
/// imported later from its spooled file.
@Suite struct PushImportTests {
  let folder: TemporaryFolder
  let push = PushImport(context: DailyContext(zone: TimeZone(identifier: "Europe/Paris")!), route: .push)

  init() throws {
    folder = try TemporaryFolder()
  }

  var bytes: [UInt8] { get throws { [UInt8](try Fixtures.data("health-auto-export/days.json")) } }

  func open() throws -> Database { try Database.openPanda(at: folder.file("panda.sqlite")) }

  @Test func aCheckedPushIsStoredFromWhatTheCheckReadNotFromItsFile() throws {
    let checked = try push.check(try bytes, receivedAt: 1_800_000_000)
    // The spooled file no longer holds the push: only what the check kept can be stored.
    let spooled = try folder.write("push-1.json", "not the push")
    let summary = try push.runSpooled(at: spooled, checked: checked, opening: open)
    #expect(summary.inserted > 0)
    #expect(summary.file == "push-1.json")
    #expect(throws: HealthAutoExportError.self) { try push.runSpooled(at: spooled, checked: nil, opening: open) }
  }

  @Test func aPushImportedLaterIsReadFromItsSpooledFile() throws {
    let spooled = try folder.write("push-2.json", Data(try bytes))
    let summary = try push.runSpooled(at: spooled, checked: nil, opening: open)
    let again = try push.runSpooled(at: spooled, checked: nil, opening: open)
    #expect(summary.inserted > 0)
    #expect(again.inserted == 0)
    #expect(again.duplicates == summary.inserted)
  }

  @Test func theCheckRefusesPointsDatedAfterTheDayAfterTheyArrive() throws {
    // The fixture's days are in 2026-11; received on 2026-01-01 they lie in the future.
    #expect(throws: HealthAutoExportError.self) { try push.check(try bytes, receivedAt: 1_767_225_600) }
    #expect(try push.check(try bytes, receivedAt: 1_800_000_000).recordCount > 0)
  }
}
