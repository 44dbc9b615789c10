import Foundation
import LoopbackHTTPKit
import Testing

@testable import PandaDelivery
@testable import PandaTestSupport

private let payload = DeliveryPayload(
  day: "2026-11-21", provider: "heuristic", headline: "Steps rose by a fifth this week.",
  insights: [.init(category: "Activity", period: "weekly", summary: "Steps rose by a fifth.", declined: false)],
  readings: [
    .init(
      metric: "steps", name: "Steps", unit: "steps", value: 9_876, date: "2026-11-21", stateClass: "total",
      assessment: "improving", sentence: "Steps rose by a fifth."),
    .init(
      metric: "body_mass", name: "Body mass", unit: "kg", value: 71.25, date: "2026-11-20", stateClass: "measurement"),
  ])

private func message(id: String = "msg_0123456789abcdef") throws -> OutboxMessage {
  OutboxMessage(
    id: id, destinationID: 1, payload: try payload.json(), createdAt: 0, nextAttemptAt: 0, attempts: 0, state: .sending)
}

@Test func emailGoesOverSMTPAsAnRFC5322MessageNamingPandaAndTheDay() async throws {
  let server = try LoopbackSMTPServer()
  defer { server.stop() }
  let destination = Destination(
    id: 1, kind: .email, url: "smtp://127.0.0.1:\(server.port)",
    options: ["to": "me@example.org, you@example.org", "from": "panda@example.org"])
  let result = await DeliveryChannels(environment: [:]).send(try message(), to: destination, now: 1_795_334_400)
  #expect(result.accepted, "\(result.reason ?? "")")
  #expect(result.status == 250)
  let mail = try #require(server.mails.first)
  #expect(mail.from == "<panda@example.org>")
  #expect(mail.recipients == ["<me@example.org>", "<you@example.org>"])
  let headers = mail.data.components(separatedBy: "\r\n\r\n")[0].components(separatedBy: "\r\n")
  #expect(headers.contains("Subject: panda: health insights for 2026-11-21"))
  #expect(headers.contains("Message-ID: <msg_0123456789abcdef@panda>"))
  #expect(headers.contains("Date: Sun, 22 Nov 2026 08:00:00 +0000"))
  #expect(headers.contains("Content-Type: text/plain; charset=utf-8"))
  #expect(mail.data.contains("Activity (weekly): Steps rose by a fifth."))
  #expect(mail.data.contains("Steps: 9,876 steps on 2026-11-21"))
}

@Test func emailToAServerThatIsDownFailsWithoutAStatusSoItIsRetried() async throws {
  let server = try LoopbackSMTPServer()
  let port = server.port
  server.stop()
  let destination = Destination(
    id: 1, kind: .email, url: "smtp://127.0.0.1:\(port)", options: ["to": "me@example.org", "from": "p@example.org"])
  let result = await DeliveryChannels(environment: [:]).send(try message(), to: destination, now: 0)
  #expect(!result.accepted)
  #expect(result.status == nil)
  #expect(RetryPolicy().decide(result, attempts: 1, createdAt: 0, now: 0, random: 0.5) == .retry(at: 60))
}

@Test(arguments: [
  (["RCPT": "550 5.1.1 no such user"], 550),
  (["AUTH": "535 5.7.8 authentication failed"], 535),
  (["MAIL": "553 5.7.1 sender refused"], 553),
])
func emailTheServerRefusesForGoodIsDeadAtOnce(replies: [String: String], reply: Int) async throws {
  let server = try LoopbackSMTPServer(replies: replies)
  defer { server.stop() }
  let destination = Destination(
    id: 1, kind: .email, url: "smtp://127.0.0.1:\(server.port)",
    options: ["to": "me@example.org", "from": "p@example.org", "user-env": "U", "password-env": "P"])
  let result = await DeliveryChannels(environment: ["U": "panda", "P": "wrong"]).send(
    try message(), to: destination, now: 0)
  #expect(!result.accepted)
  #expect(result.status == reply)
  #expect(result.statusKind == .smtp)
  guard case .dead(let reason, false) = RetryPolicy().decide(result, attempts: 1, createdAt: 0, now: 0, random: 0.5)
  else {
    Issue.record("SMTP \(reply) should be final")
    return
  }
  // The server's own words say why.
  #expect(reason == "the mail server refused it for good: \(replies.values.first ?? "")")
  #expect(server.mails.isEmpty)
}

@Test func emailTheServerDefersIsRetried() async throws {
  let server = try LoopbackSMTPServer(replies: ["RCPT": "451 4.3.0 try again later"])
  defer { server.stop() }
  let destination = Destination(
    id: 1, kind: .email, url: "smtp://127.0.0.1:\(server.port)",
    options: ["to": "me@example.org", "from": "p@example.org"])
  let result = await DeliveryChannels(environment: [:]).send(try message(), to: destination, now: 0)
  #expect(result.status == 451)
  #expect(RetryPolicy().decide(result, attempts: 1, createdAt: 0, now: 0, random: 0.5) == .retry(at: 60))
}

/// The path of a mosquitto program: Debian puts the broker in /usr/sbin, Homebrew in its prefix.
private func executable(_ name: String) -> String {
  let folders = [
    "/usr/sbin", "/usr/bin", "/opt/homebrew/sbin", "/opt/homebrew/bin", "/usr/local/sbin", "/usr/local/bin",
  ]
  return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) } ?? name
}

/// A mosquitto broker on a free loopback port, stopped when released.
private final class Broker {
  let port: UInt16
  private let process: Process

  init() throws {
    let probe = try LoopbackServer { _, _ in .drop }
    port = probe.port
    probe.stop()
    process = Process()
    process.executableURL = URL(fileURLWithPath: executable("mosquitto"))
    process.arguments = ["-p", String(port)]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Wait until it accepts connections (it starts in a few milliseconds).
    for _ in 0..<200 {
      if (try? MQTTConnection(host: "127.0.0.1", port: Int(port), timeoutSeconds: 1)) != nil { return }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }

  deinit {
    // The test process's children may have SIGTERM blocked; SIGKILL always ends them.
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// The first `count` messages a fresh subscriber to `topic` receives: retained ones only,
  /// since nothing else is published. A subscriber still waiting after 10 s is killed, and the
  /// messages it got are lost.
  func retained(_ topic: String, count: Int) throws -> [String: String] {
    let subscriber = Process()
    subscriber.executableURL = URL(fileURLWithPath: executable("mosquitto_sub"))
    subscriber.arguments = ["-p", String(port), "-t", topic, "-v", "-C", String(count)]
    let output = Pipe()
    subscriber.standardOutput = output
    subscriber.standardError = FileHandle.nullDevice
    try subscriber.run()
    let pid = subscriber.processIdentifier
    DispatchQueue.global().asyncAfter(deadline: .now() + 10) { kill(pid, SIGKILL) }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    subscriber.waitUntilExit()
    var messages: [String: String] = [:]
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      guard let space = line.firstIndex(of: " ") else { continue }
      messages[String(line[..<space])] = String(line[line.index(after: space)...])
    }
    return messages
  }
}

@Test func mqttLeavesRetainedDiscoveryConfigsAndStatesForAFreshSubscriber() async throws {
  let broker = try Broker()
  let destination = Destination(id: 1, kind: .mqtt, url: "mqtt://127.0.0.1:\(broker.port)")
  let result = await DeliveryChannels(environment: [:]).send(try message(), to: destination, now: 0)
  #expect(result.accepted, "\(result.reason ?? "")")
  let retained = try broker.retained("#", count: 6)
  let config = try #require(retained["homeassistant/sensor/panda_steps/config"])
  let decoded = try #require(try JSONSerialization.jsonObject(with: Data(config.utf8)) as? [String: Any])
  #expect(decoded["unique_id"] as? String == "panda_steps")
  #expect(decoded["state_topic"] as? String == "panda/steps/state")
  #expect(decoded["unit_of_measurement"] as? String == "steps")
  #expect(decoded["state_class"] as? String == "total")
  #expect(decoded["default_entity_id"] as? String == "sensor.panda_steps")
  #expect((decoded["device"] as? [String: Any])?["identifiers"] as? [String] == ["panda"])
  #expect(retained["homeassistant/sensor/panda_body_mass/config"] != nil)
  #expect(retained["panda/steps/state"] == "9876")
  #expect(retained["panda/body_mass/state"] == "71.25")
  #expect(retained["panda/steps/attributes"]?.contains(#""date":"2026-11-21""#) == true)
}

@Test func mqttToABrokerThatIsDownIsRetried() async throws {
  let probe = try LoopbackServer { _, _ in .drop }
  let port = probe.port
  probe.stop()
  let destination = Destination(id: 1, kind: .mqtt, url: "mqtt://127.0.0.1:\(port)")
  let result = await DeliveryChannels(environment: [:]).send(try message(), to: destination, now: 0)
  #expect(!result.accepted)
  #expect(result.reason?.contains("cannot connect") == true)
}

@Test func mqttPacketsFollowTheMQTT311Layout() {
  #expect(MQTTPacket.remainingLength(0) == [0])
  #expect(MQTTPacket.remainingLength(127) == [0x7f])
  #expect(MQTTPacket.remainingLength(128) == [0x80, 0x01])
  #expect(MQTTPacket.remainingLength(16_383) == [0xff, 0x7f])
  #expect(MQTTPacket.remainingLength(2_097_152) == [0x80, 0x80, 0x80, 0x01])
  #expect(MQTTPacket.publish(topic: "a/b", payload: [0x31], retain: true) == [0x31, 6, 0, 3, 0x61, 0x2f, 0x62, 0x31])
  #expect(MQTTPacket.publish(topic: "a", payload: [], retain: false).first == 0x30)
  let connect = MQTTPacket.connect(clientID: "p", username: "u", password: "w")
  #expect(connect == [0x10, 19, 0, 4, 0x4d, 0x51, 0x54, 0x54, 4, 0xc2, 0, 30, 0, 1, 0x70, 0, 1, 0x75, 0, 1, 0x77])
  #expect(MQTTPacket.connackRefusal([0x20, 0x02, 0, 0]) == nil)
  #expect(MQTTPacket.connackRefusal([0x20, 0x02, 0, 5]) == "the broker refused: not authorized")
}
