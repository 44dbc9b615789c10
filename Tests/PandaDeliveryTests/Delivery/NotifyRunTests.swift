import Foundation
import Testing

@testable import PandaDelivery
@testable import PandaStore
@testable import PandaTestSupport

/// What a notify run delivers to: the destinations turned on, and the HTML report only where
/// e-mail is among them.
@Suite struct NotifyRunTests {
  @Test func aRunDeliversToTheDestinationsTurnedOnAndMailsTheReportOnlyToEmail() throws {
    let folder = try TemporaryFolder()
    let database = try Database.openPanda(at: folder.file("panda.sqlite"))
    let store = DestinationStore(database: database)
    let run = NotifyRun(database: database)
    #expect(try run.audience().all.isEmpty)
    let ntfy = try store.add(kind: .ntfy, url: "http://127.0.0.1:9/panda", options: [:], now: 1_000)
    let mail = try store.add(
      kind: .email, url: "smtp://127.0.0.1:9", options: ["to": "a@example.org", "from": "b@example.org"], now: 1_000)
    #expect(try run.audience().enabled.map(\.id) == [ntfy.id, mail.id])
    #expect(NotifyRun.wantsReport(try run.audience().enabled))
    try store.disable(mail.id, reason: "410 Gone", now: 2_000)
    let audience = try run.audience()
    #expect(audience.all.count == 2)
    #expect(audience.enabled.map(\.id) == [ntfy.id])
    #expect(!NotifyRun.wantsReport(audience.enabled))
  }
}
