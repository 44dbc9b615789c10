import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaMCP
@testable import PandaServices
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// The insights job has one story whichever front end asks: the MCP `insights` tool answers
/// what `panda insights --format json` prints on the same database and day, the early warning
/// and the links included.
@Suite struct InsightsRunTests {
  static let lastDay = CalendarDay(iso: "2025-06-30")!
  static let asOf = lastDay.adding(days: 1)

  /// A generated person falling ill two days before the last day, whose sleep moves their HRV:
  /// an early warning still going on, and a strong link.
  static let person = SyntheticDays(
    days: 240, seed: 5, lastDay: lastDay,
    links: [PlantedLink(cause: "sleep.asleep", effect: "heart.hrv", lagDays: 0, slope: 6)], missingNights: 0,
    partialDays: 0,
    illnesses: [PlantedIllness(onset: lastDay.adding(days: -2), rise: 9, leadDays: 4, plateauDays: 6)])

  /// `days` as an export: a record a day for every metric read from one quantity type, and a
  /// night's sleep ending each morning.
  static func export(_ days: SyntheticDays) -> String {
    var body = ""
    for series in days.series() {
      guard let source = series.metric.sources.first else { continue }
      for point in series.points {
        let day = point.day.iso
        if source.type == "HKCategoryTypeIdentifierSleepAnalysis" {
          guard series.metric.id == "sleep.asleep" else { continue }
          let end = LocalDay.start(of: point.day, in: TimeZone(identifier: "UTC")!) + 7 * 3_600
          let start = end - Int64(point.value * 3_600)
          let format = ISO8601DateFormatter()
          format.formatOptions = [.withFullDate, .withSpaceBetweenDateAndTime, .withTime, .withColonSeparatorInTime]
          func date(_ seconds: Int64) -> String {
            format.string(from: Date(timeIntervalSince1970: Double(seconds))) + " +0000"
          }
          body +=
            "<Record type=\"\(source.type)\" sourceName=\"Watch\" startDate=\"\(date(start))\" "
            + "endDate=\"\(date(end))\" value=\"HKCategoryValueSleepAnalysisAsleepCore\"/>\n"
          continue
        }
        guard source.type.hasPrefix("HKQuantityTypeIdentifier") else { continue }
        switch series.metric.aggregation {
        case .sum, .mean, .latest: break
        default: continue
        }
        body +=
          "<Record type=\"\(source.type)\" sourceName=\"Watch\" unit=\"\(source.storedUnit)\" "
          + "startDate=\"\(day) 12:00:00 +0000\" endDate=\"\(day) 12:01:00 +0000\" "
          + "value=\"\(point.value / source.scale)\"/>\n"
      }
    }
    return exportXML(body)
  }

  /// A database holding `person`, imported the way a person would.
  static func database(in folder: TemporaryFolder) async throws -> String {
    let xml = try folder.write("export.xml", export(person))
    let path = folder.file("panda.sqlite")
    let imported = await runPanda(["import", xml, "-q", "--db", path, "--timezone", "UTC"])
    #expect(imported.status == .success, "\(imported.error)")
    return path
  }

  /// `json` without what says when and how an insight was made, and without the tool's
  /// `truncated`.
  static func comparable(_ json: JSONValue) -> JSONValue {
    guard case .object(var object) = json else { return json }
    object["truncated"] = nil
    if case .array(let insights)? = object["insights"] {
      object["insights"] = .array(
        insights.map { insight in
          guard case .object(var fields) = insight else { return insight }
          fields["source"] = nil
          fields["generatedAt"] = nil
          return .object(fields)
        })
    }
    return .object(object)
  }

  @Test func theMCPToolAnswersWhatTheCommandPrintsDuringAWarningWithLinks() async throws {
    let folder = try TemporaryFolder()
    let path = try await Self.database(in: folder)
    let zone = try #require(TimeZone(identifier: "UTC"))
    let today = LocalDay.day(of: Int64(Date().timeIntervalSince1970), in: zone)
    let database = try Database.openPanda(at: path)
    let context = ToolContext(database: database, daily: DailyContext(zone: zone), today: today)
    let tool = await HealthTools.call(
      "insights", arguments: .object(["as_of": .string(Self.asOf.iso)]), context: context)
    #expect(!tool.isError, "\(tool.text)")
    let answer = try #require(tool.structured)

    let printed = await runPanda([
      "insights", "--db", path, "--timezone", "UTC", "--as-of", Self.asOf.iso, "--format", "json", "-q",
    ])
    #expect(printed.status == .success, "\(printed.error)")
    let command = try #require(JSONValue.parse(printed.output))

    // The person's warning and link are there to be told, and the command opens with them.
    let highlights = try #require(command["highlights"]?.arrayValue)
    #expect(highlights.first?["kind"]?.stringValue == "alert", "\(highlights)")
    #expect(highlights.contains { $0["kind"]?.stringValue == "link" }, "\(highlights)")
    // The tool tells the same: the same highlights, warning and link included, and the same cards.
    #expect(answer["highlights"] == command["highlights"])
    #expect(Self.comparable(answer) == Self.comparable(command))
  }

  @Test func theRunOpensWithTheWarningItFoundAndTheLinksInTheSameSnapshot() async throws {
    let folder = try TemporaryFolder()
    let path = try await Self.database(in: folder)
    let zone = try #require(TimeZone(identifier: "UTC"))
    let database = try Database.openPanda(at: path)
    let run = InsightsRun(asOf: Self.asOf, today: Self.asOf.adding(days: 30), daily: DailyContext(zone: zone))
    let output = try await run.run(on: database, now: 0)
    let warning = try #require(output.alerts.first { $0.isActive })
    #expect(output.highlights.first?.sentence == warning.sentence)
    #expect(output.links.contains { $0.cause == "sleep.asleep" && $0.effect == "heart.hrv" })
    #expect(output.outcomes.map(\.job) == run.jobs)
    #expect(run.jobs.count == HealthCategory.analysed.count * InsightPeriod.allCases.count)
    // An insight as of a past day is stamped at the start of that day, whatever the clock says.
    #expect(output.outcomes.allSatisfy { $0.generatedAt == LocalDay.start(of: Self.asOf, in: zone) })
  }
}
