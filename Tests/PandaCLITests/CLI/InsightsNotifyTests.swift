import Foundation
import LoopbackHTTPKit
import Testing

@testable import PandaCLI
@testable import PandaDelivery
@testable import PandaReport
@testable import PandaStore
@testable import PandaTestSupport

private let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

@Suite struct InsightsNotifyTests {
  let data: PlantedTrends

  init() throws {
    data = try PlantedTrends()
  }

  func panda(_ arguments: [String], environment: [String: String] = [:]) async -> (
    status: ExitCode, output: String, error: String
  ) {
    await runPanda(arguments + ["--db", data.path], environment: environment)
  }

  func insights(_ arguments: [String] = [], environment: [String: String] = [:]) async -> (
    status: ExitCode, output: String, error: String
  ) {
    await panda(
      ["insights", "--notify", "--timezone", "UTC", "--as-of", PlantedTrends.asOf.iso, "--category", "activity"]
        + arguments, environment: environment)
  }

  func json(_ data: Data) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func everyDestinationGetsItsMessageAndAFailureIsRetriedWithTheSameID() async throws {
    let hook = try LoopbackServer { _, number in .respond(status: number == 0 ? 503 : 200, body: "") }
    let ntfy = try LoopbackServer { _, _ in .respond(status: 200, body: "{}") }
    let homeAssistant = try LoopbackServer { _, _ in .respond(status: 201, body: "{}") }
    let mail = try LoopbackSMTPServer()
    defer {
      hook.stop()
      ntfy.stop()
      homeAssistant.stop()
      mail.stop()
    }
    let environment = ["HOOK_SECRET": secret, "HA_TOKEN": "token-123"]
    _ = await panda(["notify", "add", "webhook", hook.baseURL + "/hook", "--secret-env", "HOOK_SECRET"])
    _ = await panda(["notify", "add", "ntfy", ntfy.baseURL + "/panda"])
    _ = await panda(["notify", "add", "homeassistant", homeAssistant.baseURL, "--token-env", "HA_TOKEN"])
    _ = await panda([
      "notify", "add", "email", "smtp://127.0.0.1:\(mail.port)", "--to", "me@example.org", "--from", "p@example.org",
    ])

    let run = await insights(["--format", "json"], environment: environment)
    #expect(run.status == .success, "\(run.error)")
    #expect(run.error.contains("panda: delivery to webhook destination 1 failed (HTTP 503); it stays queued as msg_"))
    #expect(run.error.contains("panda deliver will retry it after "))
    #expect(run.error.contains("Delivered the insights to ntfy destination 2.\n"))
    #expect(run.error.contains("Delivered the insights to homeassistant destination 3.\n"))
    #expect(run.error.contains("Delivered the insights to email destination 4.\n"))

    // The webhook receives the --format json document, signed.
    let first = try #require(hook.requests.first)
    #expect(first.text == run.output.trimmingCharacters(in: .newlines))
    #expect(try json(first.body)["asOf"] as? String == PlantedTrends.asOf.iso)

    // ntfy: the Markdown digest; e-mail: the digest with the latest values.
    let digest = try #require(ntfy.requests.first)
    #expect(digest.headers["markdown"] == "yes")
    // The digest has the shape of `panda insights`: what stands out, then a line per category.
    #expect(digest.text.contains("\n- Activity: "), "\(digest.text)")
    #expect(!digest.text.contains("(daily)"))
    #expect(mail.mails.first?.data.contains("Subject: panda: health insights for \(PlantedTrends.asOf.iso)") == true)

    // Home Assistant: one sensor per metric with data, dated, with the daily assessment.
    let steps = try #require(homeAssistant.requests.first { $0.path == "/api/states/sensor.panda_activity_steps" })
    #expect(steps.headers["authorization"] == "Bearer token-123")
    let attributes = try #require(try json(steps.body)["attributes"] as? [String: Any])
    #expect(attributes["date"] as? String == PlantedTrends.asOf.adding(days: -1).iso)
    #expect(attributes["assessment"] != nil)
    #expect(attributes["sentence"] != nil)
    #expect(homeAssistant.requests.contains { $0.path == "/api/states/sensor.panda_sleep_asleep" })

    let outbox = Outbox(database: try Database.openPanda(at: data.path))
    #expect(try outbox.all().map(\.state).sorted { $0.rawValue < $1.rawValue } == [.pending, .sent, .sent, .sent])
    let retried = await panda(["deliver", "--now"], environment: environment)
    #expect(retried.status == .success)
    #expect(hook.requests.count == 2)
    let ids = Set(hook.requests.compactMap { $0.headers["webhook-id"] })
    #expect(ids.count == 1)
    let second = hook.requests[1]
    let timestamp = try #require(second.headers["webhook-timestamp"].flatMap { Int64($0) })
    #expect(
      second.headers["webhook-signature"]
        == (try WebhookSigner(secret: secret).signature(id: ids.first ?? "", timestamp: timestamp, body: second.body)))
    #expect(try outbox.all().allSatisfy { $0.state == .sent })
  }

  @Test func theEmailCarriesTheHTMLReportBesideTheText() async throws {
    let mail = try LoopbackSMTPServer()
    defer { mail.stop() }
    _ = await panda([
      "notify", "add", "email", "smtp://127.0.0.1:\(mail.port)", "--to", "me@example.org", "--from", "p@example.org",
    ])
    let run = await insights(["--format", "json"])
    #expect(run.status == .success, "\(run.error)")
    let message = try #require(mail.mails.first?.data)
    let boundary = try #require(message.firstMatch(of: /boundary="([^"]+)"/)?.output.1)
    #expect(message.contains("Content-Type: multipart/alternative; boundary=\"\(boundary)\""))
    let parts = message.components(separatedBy: "--\(boundary)")
    #expect(parts.count == 4)  // before the first part, text, HTML, and the closing "--"
    #expect(parts[1].contains("Content-Type: text/plain; charset=utf-8"))
    #expect(parts[1].contains("Latest daily values:"))
    // The text part has the shape of `panda insights`: the activity line is the one it prints.
    let short = await panda(["insights", "--timezone", "UTC", "--as-of", PlantedTrends.asOf.iso, "-q"])
    let printed = try #require(short.output.split(separator: "\n").first { $0.hasPrefix("  Activity ") })
    let sentence = try #require(printed.firstMatch(of: /^  Activity +[▲▼•!] (.+)$/)?.output.1)
    #expect(parts[1].contains("\r\nActivity: \(sentence)\r\n"), "\(parts[1])")
    #expect(!parts[1].contains("Activity (daily)"))
    #expect(parts[2].contains("Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64"))
    let lines = parts[2].components(separatedBy: "\r\n\r\n")[1].split(separator: "\r\n")
    #expect(lines.allSatisfy { $0.count <= 76 })
    let html = String(decoding: try #require(Data(base64Encoded: lines.joined())), as: UTF8.self)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    let document = try json(Data(run.output.utf8))
    for insight in try #require(document["insights"] as? [[String: Any]]) {
      let summary = try #require(insight["summary"] as? String)
      #expect(html.contains(HTML.escape(summary)))
    }
    #expect(html.contains("<svg class=\"daily\""))
  }

  @Test func aCachedRunDeliversItsInsightsAgainOncePerRun() async throws {
    let hook = try LoopbackServer { _, _ in .respond(status: 200, body: "") }
    defer { hook.stop() }
    _ = await panda(["notify", "add", "webhook", hook.baseURL + "/hook"])
    _ = await insights(["-q"])
    let cached = await insights(["--format", "json", "-q"])
    #expect(cached.status == .success)
    #expect(cached.error.isEmpty, "\(cached.error)")
    #expect(hook.requests.count == 2)
    let insights = try #require(try json(hook.requests[1].body)["insights"] as? [[String: Any]])
    #expect(insights.contains { $0["source"] as? String == "cache" })
    #expect(Set(hook.requests.compactMap { $0.headers["webhook-id"] }).count == 2)
  }

  @Test func withoutDestinationsItSaysHowToAddOneAndExitsZero() async throws {
    let run = await insights()
    #expect(run.status == .success)
    #expect(run.error.contains("panda: --notify: no destinations are set up, so nothing was delivered."))
    #expect(run.error.contains("panda notify add webhook"))
    #expect(run.output.contains("Health insights as of"))
    #expect(try Outbox(database: data.database).all().isEmpty)
  }

  @Test func aGoneDestinationIsNamedAndTurnedOff() async throws {
    let hook = try LoopbackServer { _, _ in .respond(status: 410, body: "") }
    defer { hook.stop() }
    _ = await panda(["notify", "add", "webhook", hook.baseURL + "/hook"])
    let run = await insights(["-q"])
    #expect(run.status == .success)
    #expect(
      run.error.contains(
        "panda: delivery to webhook destination 1 failed for good (HTTP 410: the destination is gone); it will not be "
          + "retried, and the destination is turned off. Once it works again: panda notify enable 1."))
    let again = await insights(["-q"])
    #expect(again.error.contains("every destination is turned off"))
    #expect(hook.requests.count == 1)
  }

  @Test func aStaleDigestSaysWhereTheDataEndsAsInsightsDoes() async throws {
    let ntfy = try LoopbackServer { _, _ in .respond(status: 200, body: "{}") }
    defer { ntfy.stop() }
    _ = await panda(["notify", "add", "ntfy", ntfy.baseURL + "/panda"])
    let late = PlantedTrends.asOf.adding(days: 400)
    let run = await panda(["insights", "--notify", "--timezone", "UTC", "--as-of", late.iso, "-q"])
    #expect(run.status == .success, "\(run.error)")
    let digest = try #require(ntfy.requests.first).text
    let printed = await panda(["insights", "--timezone", "UTC", "--as-of", late.iso])
    let ends = try #require(printed.output.split(separator: "\n").first { $0.hasPrefix("Your data ends on ") })
    #expect(digest.contains("- \(ends)\n"), "\(digest)")
    #expect(digest.contains("panda import export.zip"), "\(digest)")
    // The headline (the title other channels show) says so too, not "no category had enough recent data".
    let queued = try #require(try Outbox(database: data.database).all().first).payload
    let headline = try #require(
      (try JSONSerialization.jsonObject(with: Data(queued.utf8)) as? [String: Any])?["headline"] as? String)
    #expect(headline.contains("your data ends on "), "\(headline)")
  }

  @Test func theDemoRefusesToNotify() async throws {
    let run = await runPanda(["insights", "--demo", "--notify", "--db", data.path])
    #expect(run.status == .usage)
    #expect(run.error.hasPrefix("panda: --notify cannot be used with --demo"))
  }
}
