import Foundation
import Testing

@testable import PandaReceive
@testable import PandaTestSupport

/// The count of connections turned away: a line at once for the first, then at most one an
/// interval, with the reasons and the addresses turned away most.
@Suite struct RefusalTallyTests {
  static let start = Date(timeIntervalSince1970: 1_795_000_000)

  @Test func theFirstRefusalIsReportedAtOnceAndTheNextOnesOnceTheIntervalHasPassed() throws {
    var tally = RefusalTally(limits: ReceiveLimits(), interval: 60)
    let none = tally.report(at: Self.start)
    #expect(none == nil)
    for _ in 0..<3 { tally.note(.addressFull, from: ClientAddress(text: "192.0.2.7"), at: Self.start) }
    tally.note(.headTimeout, from: ClientAddress(text: "198.51.100.1"), at: Self.start)
    let reported = tally.report(at: Self.start)
    let first = try #require(reported)
    #expect(
      first
        == "\(PushLog.timestamp(Self.start)) refused 4 connections since \(PushLog.timestamp(Self.start)): "
        + "3 answered 503 (over 64 connections from one address), 1 answered 408 (no request head within 5 s); "
        + "from 192.0.2.7 3, 198.51.100.1 1")
    let later = Self.start.addingTimeInterval(10)
    tally.note(.pushesFull, from: ClientAddress(text: "192.0.2.7"), at: later)
    let tooSoon = [tally.report(at: later), tally.report(at: Self.start.addingTimeInterval(59))]
    #expect(tooSoon == [nil, nil])
    let due = tally.report(at: Self.start.addingTimeInterval(60))
    let next = try #require(due)
    #expect(next.contains(" refused 1 connection since \(PushLog.timestamp(later)): 1 answered 503 (over 16 pushes"))
    let nothingNew = tally.report(at: Self.start.addingTimeInterval(200))
    #expect(nothingNew == nil)
  }

  @Test func aForcedReportSaysWhatIsLeftAndNamesThreeAddressesAndTheOthers() throws {
    var tally = RefusalTally(limits: ReceiveLimits(), interval: 60)
    for (index, count) in [5, 4, 3, 2, 1].enumerated() {
      for _ in 0..<count { tally.note(.serverFull, from: ClientAddress(text: "10.0.0.\(index)"), at: Self.start) }
    }
    #expect(tally.pending == 15)
    let forced = tally.report(at: Self.start.addingTimeInterval(1), force: true)
    let line = try #require(forced)
    #expect(line.hasSuffix("; from 10.0.0.0 5, 10.0.0.1 4, 10.0.0.2 3, others 3"), "\(line)")
    #expect(tally.pending == 0)
    let empty = tally.report(at: Self.start.addingTimeInterval(2), force: true)
    #expect(empty == nil)
  }
}
