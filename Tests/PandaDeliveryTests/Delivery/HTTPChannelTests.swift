import Foundation
import LoopbackHTTPKit
import Testing

@testable import PandaDelivery
@testable import PandaTestSupport

private let payload = DeliveryPayload(
  day: "2026-11-21", provider: "heuristic", headline: "Steps rose by a fifth this week.",
  insights: [
    .init(category: "Activity", period: "weekly", summary: "Steps rose by a fifth.", declined: false),
    .init(category: "Sleep", period: "weekly", summary: "Sleep fell by 40 minutes a night.", declined: true),
  ],
  readings: [
    .init(
      metric: "steps", name: "Steps", unit: "steps", value: 9_876, date: "2026-11-21", stateClass: "total",
      assessment: "improving", sentence: "Steps rose by a fifth."),
    .init(
      metric: "body_mass", name: "Body mass", unit: "kg", value: 71.25, date: "2026-11-20", stateClass: "measurement"),
  ])

private func message(_ payload: DeliveryPayload) throws -> OutboxMessage {
  OutboxMessage(
    id: "msg_1", destinationID: 1, payload: try payload.json(), createdAt: 0, nextAttemptAt: 0, attempts: 0,
    state: .sending)
}

@Test func ntfyGetsAMarkdownDigestWithTitleTagsAndARaisedPriorityOnADecline() async throws {
  let server = try LoopbackServer { _, _ in .respond(status: 200, body: "{}") }
  defer { server.stop() }
  let destination = Destination(
    id: 1, kind: .ntfy, url: server.baseURL + "/panda-topic", options: ["token-env": "NTFY"])
  let channels = DeliveryChannels(environment: ["NTFY": "tk_abc"])
  let result = await channels.send(try message(payload), to: destination, now: 0)
  #expect(result.accepted)
  let request = try #require(server.requests.first)
  #expect(request.path == "/panda-topic")
  #expect(request.headers["title"] == "panda: health insights for 2026-11-21")
  #expect(request.headers["markdown"] == "yes")
  #expect(request.headers["priority"] == "4")
  #expect(request.headers["tags"] == "panda,warning")
  #expect(request.headers["authorization"] == "Bearer tk_abc")
  #expect(request.text.hasPrefix("**Steps rose by a fifth this week.**"))
  #expect(request.text.contains("**Sleep** (weekly): Sleep fell by 40 minutes a night."))

  var calm = payload
  calm.insights.removeLast()
  _ = await channels.send(try message(calm), to: destination, now: 0)
  #expect(server.requests.last?.headers["priority"] == "3")
}

@Test func ntfyDigestFitsInTheMessageLimitAndSaysWhatWasLeftOut() {
  var long = payload
  long.insights = (0..<200).map {
    .init(category: "Category \($0)", period: "daily", summary: String(repeating: "é", count: 40), declined: false)
  }
  let digest = NtfyChannel.digest(long)
  #expect(digest.utf8.count <= 4_096)
  #expect(digest.utf8.count > 3_900)
  #expect(digest.contains("more in `panda insights`"))
  #expect(!NtfyChannel.digest(payload).contains("more in"))
}

@Test func homeAssistantGetsOneSensorStatePerMetricWithTheDayItBelongsTo() async throws {
  let server = try LoopbackServer { request, _ in
    .respond(status: request.path.hasSuffix("steps") ? 201 : 200, body: "{}")
  }
  defer { server.stop() }
  let destination = Destination(id: 1, kind: .homeAssistant, url: server.baseURL + "/", options: ["token-env": "HA"])
  let result = await DeliveryChannels(environment: ["HA": "long-lived"]).send(
    try message(payload), to: destination, now: 0)
  #expect(result.accepted)
  let requests = server.requests
  #expect(requests.map(\.path) == ["/api/states/sensor.panda_steps", "/api/states/sensor.panda_body_mass"])
  #expect(requests.allSatisfy { $0.headers["authorization"] == "Bearer long-lived" })
  let steps = try JSONSerialization.jsonObject(with: requests[0].body) as? [String: Any]
  #expect(steps?["state"] as? String == "9876")
  let attributes = try #require(steps?["attributes"] as? [String: String])
  #expect(attributes["unit_of_measurement"] == "steps")
  #expect(attributes["state_class"] == "total")
  #expect(attributes["date"] == "2026-11-21")
  #expect(attributes["assessment"] == "improving")
  #expect(attributes["sentence"] == "Steps rose by a fifth.")
  #expect(attributes["friendly_name"] == "panda Steps")
  let mass = try JSONSerialization.jsonObject(with: requests[1].body) as? [String: Any]
  #expect(mass?["state"] as? String == "71.25")
}

@Test func homeAssistantStopsAtTheFirstRefusedStateAndReportsIt() async throws {
  let server = try LoopbackServer { _, _ in .respond(status: 401, body: "{}") }
  defer { server.stop() }
  let destination = Destination(id: 1, kind: .homeAssistant, url: server.baseURL, options: [:])
  let result = await DeliveryChannels(environment: [:]).send(try message(payload), to: destination, now: 0)
  #expect(!result.accepted)
  #expect(result.status == 401)
  #expect(server.requests.count == 1)
}
