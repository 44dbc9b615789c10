import Foundation
import Synchronization
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaDelivery
@testable import PandaStore
@testable import PandaTestSupport

/// An early warning is told once when it starts, at high priority, and once when it ends; never
/// again every night while it lasts.
@Suite struct AlertNoticeTests {
  let start = CalendarDay(iso: "2025-03-03")!
  let sentence = "Resting heart rate 7 bpm above your usual, HRV 30 % below: often seen at the start of an illness."

  func alert(
    start: CalendarDay? = nil, end: CalendarDay, active: Bool, sentence: String? = nil, backInRange: CalendarDay? = nil
  ) -> HealthAlert {
    HealthAlert(
      start: start ?? self.start, end: end, signals: [], sentence: sentence ?? self.sentence, isActive: active,
      backInRange: backInRange)
  }

  @Test func anActiveAlertIsAStartAndOneThatEndedThisWeekIsAnEnd() {
    let last = start.adding(days: 10)
    let notices = AlertNotice.candidates(
      [
        alert(end: last, active: true),
        alert(start: start.adding(days: -40), end: start.adding(days: -38), active: false, sentence: "Old."),
        alert(start: start.adding(days: 1), end: last.adding(days: -2), active: false, sentence: "Ended."),
      ], lastDay: last)
    #expect(notices.map(\.state) == [.started, .ended])
    #expect(notices[1].sentence.hasPrefix("The early warning that started on 2025-03-04 ended on 2025-03-11"))
  }

  @Test func anEndIsToldWithinAWeekOfTheReadingsComingBackNotOfItsLastDay() {
    // The readings stopped for two weeks after the alert's last day, then showed it over.
    let last = start.adding(days: 20)
    let ended = alert(end: start.adding(days: 3), active: false, backInRange: last.adding(days: -1))
    let notices = AlertNotice.candidates([ended], lastDay: last)
    #expect(notices.map(\.state) == [.ended])
    #expect(notices.first?.sentence.contains("the readings since \(last.adding(days: -1).iso) show") == true)
    #expect(AlertNotice.candidates([ended], lastDay: last.adding(days: 8)).isEmpty)
  }

  @Test func aPossibleWarningIsToldAgainOnceItIsAWarning() {
    let possible = AlertNotice(state: .started, start: start, end: start, sentence: "s", level: .possible)
    let warning = AlertNotice(state: .started, start: start, end: start.adding(days: 1), sentence: "s")
    #expect(possible.dedupKey != warning.dedupKey)
    #expect(possible.title == "possible early warning")
    #expect(warning.title == "early warning")
    let ended = AlertNotice(state: .ended, start: start, end: start, sentence: "s", level: .possible)
    #expect(ended.startedKeys.contains(possible.dedupKey) && ended.startedKeys.contains(warning.dedupKey))
  }

  @Test func theNightlyRunQueuesAStartOnceAndAnEndOnlyWhereTheStartWent() throws {
    let folder = try TemporaryFolder()
    let database = try Database.openPanda(at: folder.file("panda.sqlite"))
    let store = DestinationStore(database: database)
    let ntfy = try store.add(kind: .ntfy, url: "http://127.0.0.1:9/panda", options: [:], now: 1_000)
    let started = AlertNotice(state: .started, start: start, end: start.adding(days: 1), sentence: sentence)
    func night(_ notices: [AlertNotice], _ destinations: [Destination]) throws -> [String] {
      try database.transaction {
        try NotifyRun(database: database).queueAlertNotices(notices, to: destinations, now: 2_000)
      }
    }
    #expect(try night([started], [ntfy]).count == 1)
    // The next nights, while it lasts: nothing new.
    var later = started
    later.end = start.adding(days: 3)
    #expect(try night([later], [ntfy]).isEmpty)
    #expect(try night([later], [ntfy]).isEmpty)
    // A destination added while it lasted hears of the start, but of no end it never began.
    let hook = try store.add(kind: .webhook, url: "http://127.0.0.1:9/hook", options: [:], now: 3_000)
    let ended = AlertNotice(state: .ended, start: start, end: start.adding(days: 4), sentence: "Over.")
    #expect(try night([ended], [ntfy]).count == 1)
    #expect(try night([ended], [ntfy]).isEmpty)
    let other = AlertNotice(state: .ended, start: start.adding(days: 20), end: start.adding(days: 22), sentence: "x")
    #expect(try night([other], [ntfy, hook]).isEmpty)
    let stored = try database.rows("SELECT payload FROM outbox ORDER BY created_at, id").compactMap {
      $0.text("payload")
    }
    let states = try stored.map { try DeliveryPayload.decode($0).alert?.state }
    #expect(states.filter { $0 == .started }.count == 1)
    #expect(states.filter { $0 == .ended }.count == 1)
  }

  @Test func aWarningThatBeganAndEndedBetweenTwoRunsIsToldOnceWhole() throws {
    let folder = try TemporaryFolder()
    let database = try Database.openPanda(at: folder.file("panda.sqlite"))
    let ntfy = try DestinationStore(database: database).add(
      kind: .ntfy, url: "http://127.0.0.1:9/panda", options: [:], now: 1_000)
    func night(_ lastDay: CalendarDay, _ alerts: [HealthAlert]) throws -> [String] {
      try database.transaction {
        try NotifyRun(database: database).queueAlertNotices(
          AlertNotice.candidates(alerts, lastDay: lastDay), to: [ntfy], now: 2_000)
      }
    }
    // The run before: nothing yet. The next run: it started and ended in between.
    #expect(try night(start.adding(days: -1), []).isEmpty)
    let over = alert(
      end: start.adding(days: 2), active: false, sentence: "From 2025-03-03 to 2025-03-05 (3 days): figures.",
      backInRange: start.adding(days: 3))
    #expect(try night(start.adding(days: 4), [over]).count == 1)
    #expect(try night(start.adding(days: 5), [over]).isEmpty)
    let stored = try #require(try database.firstRow("SELECT payload FROM outbox")?.text("payload"))
    let told = try #require(try DeliveryPayload.decode(stored).alert)
    #expect(told.state == .ended)
    #expect(told.sentence.hasPrefix("An early warning began and ended before a run could tell of it. "))
    #expect(told.sentence.contains("From 2025-03-03 to 2025-03-05 (3 days): figures."))
    #expect(told.sentence.hasSuffix("The readings since 2025-03-06 show the signals back within your usual range."))
  }

  @Test func aPurgedOutboxDoesNotTellAStartAgain() throws {
    let folder = try TemporaryFolder()
    let database = try Database.openPanda(at: folder.file("panda.sqlite"))
    let ntfy = try DestinationStore(database: database).add(
      kind: .ntfy, url: "http://127.0.0.1:9/panda", options: [:], now: 1_000)
    let started = AlertNotice(state: .started, start: start, end: start, sentence: sentence)
    func night(_ notice: AlertNotice) throws -> [String] {
      try database.transaction {
        try NotifyRun(database: database).queueAlertNotices([notice], to: [ntfy], now: 2_000)
      }
    }
    let ids = try night(started)
    #expect(ids.count == 1)
    try database.execute("UPDATE outbox SET state = 'sent'")
    #expect(try Outbox(database: database).purgeSent() == 1)
    #expect(try night(started).isEmpty)
    // Its end is still told where its start went, in the usual words.
    let ended = AlertNotice(state: .ended, start: start, end: start, sentence: "Over.", untold: "Whole.")
    #expect(try night(ended).count == 1)
    let stored = try #require(try database.firstRow("SELECT payload FROM outbox")?.text("payload"))
    #expect(try DeliveryPayload.decode(stored).alert?.sentence == "Over.")
  }

  @Test func ntfyGetsTheStartAtTheHighestPriorityAndTheEndAtTheUsualOne() async throws {
    let seen = Mutex<[HTTPRequest]>([])
    let transport = HTTPTransport { request in
      seen.withLock { $0.append(request) }
      return HTTPResponse(status: 200)
    }
    let channel = NtfyChannel(transport: transport, environment: [:])
    let destination = Destination(id: 1, kind: .ntfy, url: "http://127.0.0.1:9/panda")
    for (state, priority) in [(AlertNotice.State.started, "5"), (.ended, "3")] {
      let payload = DeliveryPayload(notice: AlertNotice(state: state, start: start, end: start, sentence: sentence))
      let message = OutboxMessage(
        id: "msg_\(state)", destinationID: 1, payload: try payload.json(), createdAt: 0, nextAttemptAt: 0,
        attempts: 0, state: .sending)
      _ = await channel.send(message, to: destination, now: 0)
      let request = try #require(seen.withLock { $0.last })
      #expect(request.headers.first { $0.name == "Priority" }?.value == priority)
      #expect(String(decoding: request.body ?? Data(), as: UTF8.self) == sentence)
    }
  }

  @Test func homeAssistantSeesABinarySensorOverMQTTAndREST() throws {
    let notice = AlertNotice(state: .started, start: start, end: start, sentence: sentence)
    let packets = try MQTTChannel.publishes(
      DeliveryPayload(notice: notice), topicPrefix: "panda", discoveryPrefix: "homeassistant")
    let text = packets.map { String(decoding: $0, as: UTF8.self) }
    #expect(text.contains { $0.contains("homeassistant/binary_sensor/panda_early_warning/config") })
    #expect(text.contains { $0.contains("panda/early_warning/state") && $0.hasSuffix("ON") })
    let config = try #require(text.first { $0.contains("homeassistant/binary_sensor/panda_early_warning/config") })
    let json = try #require(config.firstIndex(of: "{").map { config[$0...] })
    let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect(decoded["device_class"] as? String == "problem")
    #expect(decoded["payload_on"] as? String == "ON")
    #expect(decoded["payload_off"] as? String == "OFF")
    #expect(decoded["default_entity_id"] as? String == "binary_sensor.panda_early_warning")
    #expect(decoded["unit_of_measurement"] == nil)
    #expect(decoded["state_class"] == nil)
    let body = String(decoding: try HomeAssistantChannel.alertBody(notice), as: UTF8.self)
    #expect(body.contains("\"state\":\"on\""))
    var ended = notice
    ended.state = .ended
    #expect(String(decoding: try HomeAssistantChannel.alertBody(ended), as: UTF8.self).contains("\"state\":\"off\""))
  }
}
