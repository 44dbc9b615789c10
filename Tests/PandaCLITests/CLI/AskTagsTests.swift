import Foundation
import LoopbackHTTPKit
import Testing

@testable import PandaAnalysis
@testable import PandaCLI
@testable import PandaCore
@testable import PandaStore
@testable import PandaTestSupport

/// Tags and symptoms in `panda ask` claims: `tag` counts the days one was logged or recorded,
/// `afterTag` compares a metric on the days after it with the days after days without it. panda
/// reads the days and figures itself (the day events and daily values `series tags` and
/// `relations` read); the figures expected here come from the days the test logged and from SQL.
@Suite struct AskTagsTests {
  /// Alcohol on every fourth evening of April to June 2025, travel on two days, headache from
  /// Health on two.
  struct Logged {
    var data: PlantedTrends
    var alcohol: [CalendarDay]
    var headache: [CalendarDay]
  }

  static func logged() throws -> Logged {
    let data = try PlantedTrends()
    let book = LogBook(database: data.database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
    let alcohol = stride(from: 0, to: 91, by: 4).map { AskClaims.day("2025-04-01").adding(days: $0) }
    for day in alcohol { _ = try book.tag("alcohol", at: Int64(day.ordinal) * 86_400 + 21 * 3_600, note: nil) }
    for day in ["2025-06-10", "2025-06-11"] {
      _ = try book.tag("travel", at: Int64(AskClaims.day(day).ordinal) * 86_400 + 9 * 3_600, note: nil)
    }
    let headache = [AskClaims.day("2025-06-05"), AskClaims.day("2025-06-09")]
    try data.database.execute(
      "INSERT INTO sample_types (identifier, unit) VALUES ('HKCategoryTypeIdentifierHeadache', '')")
    for (index, day) in headache.enumerated() {
      // The second is recorded twice, once as not present: one day, as the day events count it.
      for category in index == 1
        ? ["HKCategoryValueSeverityMild", "HKCategoryValuePresenceNotPresent"] : ["HKCategoryValueSeverityModerate"]
      {
        try data.database.execute(
          """
          INSERT INTO samples (type_id, source_id, start, end, category, import_id)
          SELECT (SELECT id FROM sample_types WHERE identifier = 'HKCategoryTypeIdentifierHeadache'),
            (SELECT min(id) FROM sources), ?, ?, ?, (SELECT min(id) FROM imports)
          """,
          [
            .integer(Int64(day.ordinal) * 86_400 + 10 * 3_600 + (category.hasSuffix("NotPresent") ? 60 : 0)),
            .integer(Int64(day.ordinal) * 86_400 + 11 * 3_600), .text(category),
          ])
      }
    }
    return Logged(data: data, alcohol: alcohol, headache: headache)
  }

  static func ask(_ claims: [JSONValue], _ logged: Logged, _ extra: [String] = []) async throws -> (
    status: ExitCode, output: String, error: String
  ) {
    let server = try LoopbackServer { _, _ in AskClaims.answer(claims) }
    return await AskClaims.ask("What did I log?", server: server, data: logged.data, extra)
  }

  static func tagClaim(_ tag: String, _ from: String, _ to: String) -> JSONValue {
    .object(["kind": "tag", "tag": .string(tag), "from": .string(from), "to": .string(to)])
  }

  /// "3, 7 and 11 June 2025".
  static func written(_ days: [CalendarDay]) -> String {
    let numbers = days.map { String($0.components.day) }
    let listed = numbers.count == 1 ? numbers[0] : numbers.dropLast().joined(separator: ", ") + " and " + numbers.last!
    let (year, month, _) = days[0].components
    return "\(listed) \(AskClaims.monthNames[month - 1]) \(year)"
  }

  @Test func theDaysATagWasLoggedAreCountedAndListed() async throws {
    let logged = try Self.logged()
    let june = logged.alcohol.filter { $0.components.month == 6 }
    let result = try await Self.ask([Self.tagClaim("alcohol", "2025-06-01", "2025-06-30")], logged)
    #expect(result.status == .success, "\(result.error)")
    #expect(
      result.output
        == "You logged alcohol on \(june.count) of the 30 days from 1 to 30 June 2025: \(Self.written(june)).\n")
    let json = try await Self.ask(
      [Self.tagClaim("tag:alcohol", "2025-06-01", "2025-06-30")], logged, ["--format", "json"])
    let claim = try #require(JSONValue.parse(json.output)?["claims"]?.arrayValue?.first)
    #expect(claim["value"] == .number(Double(june.count)) && claim["unit"] == "days")
  }

  @Test func aSymptomFromHealthIsCountedOncePerDayAndNotWhenNotPresent() async throws {
    let logged = try Self.logged()
    for name in ["headache", "symptom:headache", "Headache"] {
      let result = try await Self.ask([Self.tagClaim(name, "2025-06-01", "2025-06-30")], logged)
      #expect(result.status == .success, "\(result.error)")
      #expect(
        result.output
          == "Health recorded headache on 2 of the 30 days from 1 to 30 June 2025: \(Self.written(logged.headache)).\n")
    }
    let one = try await Self.ask([Self.tagClaim("headache", "2025-06-05", "2025-06-05")], logged)
    #expect(one.output == "Health recorded headache on Thursday 5 June 2025.\n")
  }

  @Test func aSpanWithoutTheTagSaysSo() async throws {
    let logged = try Self.logged()
    let result = try await Self.ask([Self.tagClaim("travel", "2025-05-01", "2025-05-31")], logged)
    #expect(result.status == .success, "\(result.error)")
    #expect(result.output == "You did not log travel on any of the 31 days from 1 to 31 May 2025.\n")
  }

  @Test func anUnknownTagIsRefusedWithTheKnownOnesAsSuggestions() async throws {
    let logged = try Self.logged()
    let result = try await Self.ask([Self.tagClaim("coffee", "2025-06-01", "2025-06-30")], logged)
    #expect(result.status == .dataError)
    #expect(
      result.output
        == "1 claim could not be computed:\n- tag claim: no tag or symptom called coffee was ever recorded; "
        + "the tags logged are alcohol, travel, and the symptoms Health has are symptom:headache\n")
    let wrongKind = try await Self.ask([Self.tagClaim("symptom:alcohol", "2025-06-01", "2025-06-30")], logged)
    #expect(wrongKind.output.contains("no symptom called alcohol was ever recorded"))
    let unreadable = try await Self.ask([Self.tagClaim("al/cohol", "2025-06-01", "2025-06-30")], logged)
    #expect(unreadable.output.contains("tag must be a tag's or symptom's name"))
  }

  /// The whole-day values of `metric` by day, from SQL.
  static func values(_ database: Database, _ metric: String) throws -> [CalendarDay: Double] {
    var values: [CalendarDay: Double] = [:]
    for row in try database.rows(
      "SELECT day, value FROM daily_values WHERE metric = ? AND partial = 0", [.text(metric)])
    {
      if let text = row.text("day"), let day = CalendarDay(iso: text), let value = row.real("value") {
        values[day] = value
      }
    }
    return values
  }

  @Test(arguments: [
    ("heart.hrv", "hrv", "days", "your heart rate variability (SDNN)", " ms"),
    ("heart.restingHeartRate", "rhr", "days", "your resting heart rate", " bpm"),
  ])
  func aMetricOnTheDaysAfterATagIsComparedWithTheDaysAfterDaysWithoutIt(
    _ id: String, _ short: String, _ noun: String, _ subject: String, _ unit: String
  ) async throws {
    let logged = try Self.logged()
    let first = AskClaims.day("2025-04-01")
    let last = AskClaims.day("2025-06-29")
    let values = try Self.values(logged.data.database, id)
    var with: [Double] = []
    var without: [Double] = []
    for ordinal in first.ordinal...last.ordinal {
      let day = CalendarDay(ordinal: ordinal)
      guard let next = values[day.adding(days: 1)] else { continue }
      if logged.alcohol.contains(day) { with.append(next) } else { without.append(next) }
    }
    #expect(with.count >= RelationFinder.minimumTaggedDays && without.count >= RelationFinder.minimumTaggedDays)
    let claim = JSONValue.object([
      "kind": "afterTag", "tag": "alcohol", "metric": .string(short), "from": .string(first.iso),
      "to": .string(last.iso),
    ])
    let result = try await Self.ask([claim], logged)
    #expect(result.status == .success, "\(result.error)")
    let meanWith = with.reduce(0, +) / Double(with.count)
    let meanWithout = without.reduce(0, +) / Double(without.count)
    let a = Int(meanWith.rounded())
    let b = Int(meanWithout.rounded())
    var expected =
      "On the \(with.count) \(noun) after you logged alcohol from 1 April to 29 June 2025, \(subject) averaged "
      + "\(a)\(unit); on the \(without.count) \(noun) after days without it, \(b)\(unit)"
    expected += a == b ? ", the same." : ": \(abs(a - b))\(unit) \(a > b ? "higher" : "lower")."
    #expect(result.output.hasPrefix(expected), "\(result.output)")
    let test = try #require(GroupComparison.compare(with, without))
    #expect(result.output.contains(test.pValue < 0.05 ? "would seldom come by chance" : "could well come by chance"))
    #expect(result.output.contains("Mann–Whitney test of this one comparison"))
  }

  @Test func sleepAfterATagIsTheNightThatFollowsAndFewDaysAreSaidToBeTooFew() async throws {
    let logged = try Self.logged()
    let claim = JSONValue.object([
      "kind": "afterTag", "tag": "alcohol", "metric": "sleep", "from": "2025-06-01", "to": "2025-06-29",
    ])
    let result = try await Self.ask([claim], logged)
    #expect(result.status == .success, "\(result.error)")
    let values = try Self.values(logged.data.database, "sleep.asleep")
    let june = logged.alcohol.filter { $0.components.month == 6 && $0 <= AskClaims.day("2025-06-29") }
    let with = june.compactMap { values[$0.adding(days: 1)] }
    #expect(with.count < RelationFinder.minimumTaggedDays)
    let mean = with.reduce(0, +) / Double(with.count)
    #expect(
      result.output.hasPrefix(
        "On the \(with.count) nights after you logged alcohol from 1 to 29 June 2025, your time asleep averaged "
          + "\(AskClaims.hoursAndMinutes(mean)); on the "), "\(result.output)")
    #expect(result.output.contains(" nights after days without it, "))
    #expect(
      result.output.contains(" longer.") || result.output.contains(" shorter.") || result.output.contains(", the same.")
    )
    #expect(
      result.output.hasSuffix(" That is too few days to tell it from chance: panda's links need 8 on each side.\n"))
  }
}
