import Foundation
import LoopbackHTTPKit
import Testing

@testable import PandaDelivery
@testable import PandaStore
@testable import PandaTestSupport

private let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

/// Queues one delivery for every destination, as `panda insights --notify` will.
private func queue(_ path: String, day: String = "2026-11-21") throws {
  let database = try Database.openPanda(at: path)
  let payload = DeliveryPayload(
    day: day, provider: "heuristic", headline: "Steps rose.", insights: [], readings: [])
  try database.transaction {
    try Outbox(database: database).enqueue(
      payload: try payload.json(), dedupKey: day, to: try DestinationStore(database: database).enabled(),
      now: Int64(Date().timeIntervalSince1970))
  }
}

@Test func notifyAddDeliverAndOutboxWorkTogether() async throws {
  let server = try LoopbackServer { _, _ in .respond(status: 200, body: "") }
  defer { server.stop() }
  let folder = try TemporaryFolder()
  let db = folder.file("panda.sqlite")
  let environment = ["HOOK_SECRET": secret]
  let added = await runPanda(
    ["notify", "add", "webhook", server.baseURL + "/hook", "--secret-env", "HOOK_SECRET", "--db", db],
    environment: environment)
  #expect(added.status == .success)
  #expect(added.output == "Added destination 1 (webhook).\n")
  let listed = await runPanda(["notify", "list", "--format", "json", "--db", db])
  #expect(listed.output.contains(#""secret-env" : "HOOK_SECRET""#))
  #expect(!listed.output.contains(secret))

  try queue(db)
  let delivered = await runPanda(["deliver", "--db", db], environment: environment)
  #expect(delivered.status == .success)
  #expect(delivered.output.hasPrefix("sent msg_"))
  #expect(server.requests.count == 1)
  #expect(server.requests.first?.headers["webhook-signature"]?.hasPrefix("v1,") == true)
  let again = await runPanda(["deliver", "--db", db], environment: environment)
  #expect(again.output == "Nothing due.\n")
  #expect(server.requests.count == 1)

  let outbox = await runPanda(["outbox", "--format", "json", "--db", db])
  #expect(outbox.output.contains(#""state" : "sent""#))
  let purged = await runPanda(["outbox", "purge", "--sent", "--db", db])
  #expect(purged.output == "Removed 1 sent delivery.\n")
}

@Test func aMissingSecretVariableExits78AndKeepsTheDeliveryQueuedUntilItIsSet() async throws {
  let server = try LoopbackServer { _, _ in .respond(status: 200, body: "") }
  defer { server.stop() }
  let folder = try TemporaryFolder()
  let db = folder.file("panda.sqlite")
  _ = await runPanda(
    ["notify", "add", "webhook", server.baseURL + "/hook", "--secret-env", "WHS", "--db", db],
    environment: ["WHS": secret])
  try queue(db)

  let unset = await runPanda(["deliver", "--db", db], environment: [:])
  #expect(unset.status == .configuration)
  #expect(unset.error.contains("destination 1 (webhook) reads its secret from $WHS, which is not set"))
  #expect(unset.error.contains("stays queued"))
  #expect(server.requests.isEmpty)
  let database = try Database.openPanda(at: db)
  let waiting = try #require(try Outbox(database: database).all().first)
  #expect(waiting.state == .pending)
  #expect(waiting.attempts == 0)
  #expect(try Outbox(database: database).attempts(for: waiting.id).isEmpty)

  let unusable = await runPanda(["deliver", "--db", db], environment: ["WHS": "whsec_pasted-value!"])
  #expect(unusable.status == .configuration)
  #expect(unusable.error.contains("destination 1 (webhook) has a secret that is not usable"))
  #expect(!unusable.error.contains("pasted-value"))
  #expect(try Outbox(database: database).all().first?.attempts == 0)

  let set = await runPanda(["deliver", "--db", db], environment: ["WHS": secret])
  #expect(set.status == .success)
  #expect(server.requests.count == 1)
  #expect(try Outbox(database: database).all().first?.state == .sent)
}

@Test func secretsCannotBeGivenOnTheCommandLine() async throws {
  let folder = try TemporaryFolder()
  let result = await runPanda(
    ["notify", "add", "webhook", "https://example.org/hook", "--secret", secret, "--db", folder.file("p.sqlite")])
  #expect(result.status == .usage)
  #expect(result.error.hasPrefix("panda: unknown option '--secret'"))
}

@Test func aSecretPastedInPlaceOfItsVariableIsRefusedUnrepeatedAndNothingIsCreated() async throws {
  let folder = try TemporaryFolder()
  let db = folder.file("p.sqlite")
  for pasted in [secret, "s3cr3t-token!"] {
    let result = await runPanda(
      ["notify", "add", "webhook", "https://example.org/hook", "--secret-env", pasted, "--db", db])
    #expect(result.status == .usage)
    #expect(result.error.contains("--secret-env"))
    #expect(!result.error.contains(pasted))
  }
  let kind = await runPanda(["notify", "add", "webhok", "https://example.org/hook", "--db", db])
  #expect(kind.status == .usage)
  #expect(!FileManager.default.fileExists(atPath: db))
}

@Test func anUnusableWebhookSecretIsAConfigurationError() async throws {
  let folder = try TemporaryFolder()
  let result = await runPanda(
    [
      "notify", "add", "webhook", "https://example.org/hook", "--secret-env", "HOOK_SECRET", "--db",
      folder.file("p.sqlite"),
    ],
    environment: ["HOOK_SECRET": "whsec_not base64"])
  #expect(result.status == .configuration)
  #expect(result.error.contains("not usable"))
}

@Test func aFailedDeliverySaysWhenItWillBeRetriedAndExits75() async throws {
  let server = try LoopbackServer { _, _ in .respond(status: 503, body: "") }
  defer { server.stop() }
  let folder = try TemporaryFolder()
  let db = folder.file("panda.sqlite")
  _ = await runPanda(["notify", "add", "ntfy", server.baseURL + "/topic", "--db", db])
  try queue(db)
  let result = await runPanda(["deliver", "--db", db])
  #expect(result.status == .temporaryFailure)
  #expect(result.error.contains("ntfy 1 failed (HTTP 503); retrying msg_"))
  let early = await runPanda(["deliver", "--db", db])
  #expect(early.status == .success)
  #expect(early.output.hasPrefix("Nothing due; 1 delivery is waiting, the next due at 20"))
  #expect(early.output.hasSuffix("(panda deliver --now sends it now).\n"))
  #expect(server.requests.count == 1)
  let retried = await runPanda(["deliver", "--now", "--db", db])
  #expect(server.requests.count == 2)
  #expect(retried.status == .temporaryFailure)
}

@Test func killingDeliverMidSendLosesNothingAndTheNextRunSendsItOnce() async throws {
  // The first request is held until the sender has been killed.
  let arrived = DispatchSemaphore(value: 0)
  let killed = DispatchSemaphore(value: 0)
  let server = try LoopbackServer { _, number in
    if number == 0 {
      arrived.signal()
      _ = killed.wait(timeout: .now() + 60)
    }
    return .respond(status: 200, body: "")
  }
  defer { server.stop() }
  let folder = try TemporaryFolder()
  let db = folder.file("panda.sqlite")
  _ = await runPanda(["notify", "add", "webhook", server.baseURL + "/hook", "--db", db])
  try queue(db)

  let child = Process()
  child.executableURL = URL(fileURLWithPath: pandaExecutable())
  child.arguments = ["deliver", "--db", db]
  child.standardOutput = FileHandle.nullDevice
  child.standardError = FileHandle.nullDevice
  try child.run()
  #expect(arrived.wait(timeout: .now() + 60) == .success)
  kill(child.processIdentifier, SIGKILL)
  child.waitUntilExit()
  killed.signal()
  #expect(server.requests.count == 1)

  let database = try Database.openPanda(at: db)
  #expect(try database.text("PRAGMA integrity_check") == "ok")
  let outbox = Outbox(database: database)
  let message = try #require(try outbox.all().first)
  #expect(message.state == .sending)
  #expect(try outbox.attempts(for: message.id).isEmpty)

  // After the lease the next run sends it again, under the same id, and records it once.
  let later = Int64(Date().timeIntervalSince1970) + 900
  let channels = DeliveryChannels(environment: [:])
  let sender = OutboxSender(
    database: database, send: { await channels.send($0, to: $1, now: later) }, now: { later })
  #expect(try await sender.run().map(\.decision) == [.sent])
  #expect(try await sender.run().isEmpty)
  #expect(server.requests.count == 2)
  #expect(Set(server.requests.compactMap { $0.headers["webhook-id"] }) == [message.id])
  #expect(try outbox.attempts(for: message.id).map(\.outcome) == ["sent"])
}

@Test func outboxRetrySaysWhatItDidAndKeepsTheAttemptsMade() async throws {
  let server = try LoopbackServer { _, number in .respond(status: number == 0 ? 404 : 200, body: "") }
  defer { server.stop() }
  let folder = try TemporaryFolder()
  let db = folder.file("panda.sqlite")
  _ = await runPanda(["notify", "add", "webhook", server.baseURL + "/hook", "--db", db])
  try queue(db)
  let failed = await runPanda(["deliver", "--db", db])
  #expect(failed.status == .unavailable)
  let id = try #require(try Outbox(database: try Database.openPanda(at: db)).all().first?.id)

  let retried = await runPanda(["outbox", "retry", id, "--db", db])
  #expect(retried.status == .success)
  #expect(
    retried.output
      == "\(id) to webhook destination 1 was given up on after 1 attempt (HTTP 404: the destination refused it). "
      + "It is pending again and due now, with a fresh schedule of up to 10 attempts over 3 days; the next panda "
      + "deliver sends it. Its 1 attempt so far stays on record.\n")
  let listed = await runPanda(["outbox", "--db", db])
  #expect(listed.output.contains("pending  1 attempt  next "))
  #expect(listed.output.contains("retried by hand "))

  #expect(await runPanda(["deliver", "--db", db]).status == .success)
  let outbox = Outbox(database: try Database.openPanda(at: db))
  #expect(try outbox.attempts(for: id).map(\.outcome) == ["dead", "sent"])
  #expect(try outbox.all().first?.attempts == 2)
  let again = await runPanda(["outbox", "retry", id, "--db", db])
  #expect(again.status == .dataError)
  #expect(again.error.hasPrefix("panda: \(id) was delivered to webhook destination 1 at 20"))
  #expect(again.error.hasSuffix("; nothing to retry\n"))
}

@Test func aDestinationTurnedOffBy410IsTurnedBackOnWithNotifyEnable() async throws {
  let server = try LoopbackServer { _, _ in .respond(status: 410, body: "") }
  defer { server.stop() }
  let folder = try TemporaryFolder()
  let db = folder.file("panda.sqlite")
  _ = await runPanda(["notify", "add", "webhook", server.baseURL + "/hook", "--db", db])
  try queue(db)
  let gone = await runPanda(["deliver", "--db", db])
  let id = try #require(try Outbox(database: try Database.openPanda(at: db)).all().first?.id)
  #expect(
    gone.error.hasSuffix(
      "the destination is turned off. Once it works again: panda notify enable 1, then panda outbox retry \(id)\n"))
  let listed = await runPanda(["notify", "list", "--db", db])
  #expect(listed.output.hasSuffix("(off: HTTP 410: the destination is gone)\n"))

  let refused = await runPanda(["outbox", "retry", id, "--db", db])
  #expect(refused.status == .configuration)
  #expect(
    refused.error
      == "panda: \(id) was left as it is: webhook destination 1 is turned off (HTTP 410: the destination is gone). "
      + "Turn it back on first: panda notify enable 1\n")

  let enabled = await runPanda(["notify", "enable", "1", "--db", db])
  #expect(enabled.status == .success)
  #expect(
    enabled.output
      == "Turned destination 1 back on (it was off: HTTP 410: the destination is gone); new deliveries go to it. "
      + "1 delivery to it was given up on; to send again: panda outbox retry \(id)\n")
  #expect(!(await runPanda(["notify", "list", "--db", db]).output.contains("(off:")))
  #expect(await runPanda(["outbox", "retry", id, "--db", db]).status == .success)
  let unknown = await runPanda(["notify", "enable", "7", "--db", db])
  #expect(unknown.status == .dataError)
}

@Test func retryingADeliveryGivenUpUnsentSaysItWasNeverTried() async throws {
  let server = try LoopbackServer { _, _ in .respond(status: 410, body: "") }
  defer { server.stop() }
  let folder = try TemporaryFolder()
  let db = folder.file("panda.sqlite")
  _ = await runPanda(["notify", "add", "webhook", server.baseURL + "/hook", "--db", db])
  try queue(db)
  try queue(db, day: "2026-11-22")
  _ = await runPanda(["deliver", "--db", db])
  let unsent = try #require(try Outbox(database: try Database.openPanda(at: db)).all().first { $0.attempts == 0 })
  #expect(unsent.state == .dead)
  _ = await runPanda(["notify", "enable", "1", "--db", db])
  let retried = await runPanda(["outbox", "retry", unsent.id, "--db", db])
  #expect(retried.status == .success)
  #expect(retried.output.contains("was given up on before it was tried ("))
  #expect(retried.output.contains("up to 10 attempts over 3 days"))
}

@Test func listingDestinationsWithoutADatabaseCreatesNone() async throws {
  let folder = try TemporaryFolder()
  let db = folder.file("panda.sqlite")
  let listed = await runPanda(["notify", "list", "--db", db])
  #expect(listed.status == .success)
  #expect(listed.output == "No destinations. Add one: panda notify add webhook URL\n")
  #expect(!FileManager.default.fileExists(atPath: db))
  #expect(await runPanda(["notify", "enable", "1", "--db", db]).status == .noInput)
  #expect(!FileManager.default.fileExists(atPath: db))
}

@Test func aDestinationIDThatIsNotANumberIsNamedAsTheOperand() async throws {
  let folder = try TemporaryFolder()
  let db = folder.file("p.sqlite")
  _ = await runPanda(["notify", "add", "ntfy", "https://ntfy.sh/topic", "--db", db])
  for action in ["remove", "enable", "test"] {
    let result = await runPanda(["notify", action, "abc", "--db", db])
    #expect(result.status == .usage)
    #expect(
      result.error.hasPrefix(
        "panda: ID 'abc' is not a destination id (a number, as panda notify list shows)"))
  }
}

@Test func aFailedNotifyTestSaysWhyOnStandardError() async throws {
  let server = try LoopbackServer { _, _ in .respond(status: 500, body: "") }
  defer { server.stop() }
  let folder = try TemporaryFolder()
  let db = folder.file("panda.sqlite")
  _ = await runPanda(["notify", "add", "webhook", server.baseURL + "/hook", "--db", db])
  let tested = await runPanda(["notify", "test", "--db", db])
  #expect(tested.status == .unavailable)
  #expect(tested.output.contains("1  webhook  failed (500)"), "\(tested.output)")
  // cron keeps stderr only: the reason is there too.
  #expect(tested.error.hasPrefix("panda: notify test: webhook destination 1 failed (500)"), "\(tested.error)")
}
