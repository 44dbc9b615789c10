import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaMCP
@testable import PandaServices
@testable import PandaStore
@testable import PandaTestSupport

@Suite struct HealthAlertLoggedTests {
  let alert = HealthAlert(
    start: CalendarDay(iso: "2025-10-22")!, end: CalendarDay(iso: "2025-10-24")!,
    signals: [HealthAlert.Signal(metric: "heart.restingHeartRate", value: 63, usual: 56, low: 52, high: 60)],
    sentence: "From 2025-10-22 to 2025-10-24 (3 days): resting heart rate 7 bpm above your usual.", isActive: false)

  func day(_ iso: String) -> CalendarDay { CalendarDay(iso: iso)! }

  @Test func aWarningNamesTheTagsAndSymptomsOfItsDays() {
    let named = alert.naming([
      DayEvent(day: day("2025-10-20"), kind: .tag, name: "travel"),
      DayEvent(day: day("2025-10-22"), kind: .symptom, name: "fever"),
      DayEvent(day: day("2025-10-21"), kind: .tag, name: "travel"),
    ])
    #expect(
      named.sentence
        == alert.sentence + " You logged travel on 2025-10-20 and 2025-10-21, and Health has fever on 2025-10-22.")
    #expect(named.signals == alert.signals)
    #expect(
      named.logged == [
        DayEvent(day: day("2025-10-20"), kind: .tag, name: "travel"),
        DayEvent(day: day("2025-10-21"), kind: .tag, name: "travel"),
        DayEvent(day: day("2025-10-22"), kind: .symptom, name: "fever"),
      ])
  }

  /// `panda alerts --format json` and the `alerts` tool list them, as the tool's schema says.
  @Test func theAlertsAnswerListsTheTagsOfItsWindowAsItsSchemaSays() throws {
    let named = alert.naming([DayEvent(day: day("2025-10-20"), kind: .tag, name: "travel")])
    let scan = AlertScan(
      from: day("2025-08-01"), to: day("2025-10-30"), alerts: [named], judgedDays: 91, shortfall: nil)
    let answer = AlertsRun.Output(from: scan.from, to: scan.to, alerts: scan.alerts, note: nil, scan: scan)
    guard case .object(var json) = try HealthTools.json(answer) else {
      Issue.record("not an object")
      return
    }
    json["truncated"] = .bool(false)
    let tool = try #require(HealthTools.tool(named: "alerts"))
    #expect(SchemaValidator.problems(.object(json), against: tool.outputSchema).isEmpty)
    let logged = json["alerts"]?.arrayValue?.first?["logged"]?.arrayValue
    #expect(logged == [.object(["day": "2025-10-20", "kind": "tag", "name": "travel"])])
    // None logged: no field, as before.
    let plain = try HealthTools.json(
      AlertsRun.Output(from: scan.from, to: scan.to, alerts: [alert], note: nil, scan: scan))
    #expect(plain["alerts"]?.arrayValue?.first?["logged"] == nil)
  }

  @Test func eventsOutsideItsDaysAreLeftOut() {
    let events = [
      DayEvent(day: day("2025-10-18"), kind: .tag, name: "alcohol"),
      DayEvent(day: day("2025-10-25"), kind: .tag, name: "sauna"),
    ]
    #expect(alert.naming(events) == alert)
    #expect(alert.naming([]) == alert)
  }
}
