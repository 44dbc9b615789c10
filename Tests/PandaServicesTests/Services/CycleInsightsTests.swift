import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCLI
@testable import PandaCore
@testable import PandaMCP
@testable import PandaReport
@testable import PandaServices
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// The cycle's section of the insights, end to end: an imported export with Health's menstrual
/// flow records and wrist temperature gives one `cycle` in JSON, a line in the short text, a
/// section in `--detail`, Markdown and the report, and the MCP `insights` tool answers the same;
/// an export without flow records shows none of it.
@Suite struct CycleInsightsTests {
  static let lastDay = CalendarDay(iso: "2025-06-30")!
  static let asOf = lastDay.adding(days: 1)

  /// A generated person with planted cycles and a reading of wrist temperature every night.
  static let person = SyntheticDays(
    days: 300, seed: 11, lastDay: lastDay, missingNights: 0, partialDays: 0, cycles: MenstrualCycles(seed: 11))

  /// `days` as an export (see `SyntheticDays.asExport`), with the nightly wrist temperature
  /// around 35 °C and, with `flow`, Health's menstrual flow records, each period's first day
  /// marked as the cycle's start.
  static func export(_ days: SyntheticDays, flow: Bool) -> String {
    var body = ""
    if let temperature = days.series().first(where: { $0.metric.id == "body.wristTemperature" }) {
      for point in temperature.points {
        body +=
          "<Record type=\"HKQuantityTypeIdentifierAppleSleepingWristTemperature\" sourceName=\"Watch\" "
          + "unit=\"degC\" startDate=\"\(point.day.iso) 02:00:00 +0000\" endDate=\"\(point.day.iso) 06:00:00 +0000\" "
          + "value=\"\(35 + point.value)\"/>\n"
      }
    }
    if flow {
      let records = days.records()
      for day in records.flowDays {
        let start = records.cycleStarts.contains(day) ? 1 : 0
        body +=
          "<Record type=\"\(CategoryRecords.flowType)\" sourceName=\"Health\" "
          + "startDate=\"\(day.iso) 00:00:00 +0000\" endDate=\"\(day.iso) 23:59:59 +0000\" "
          + "value=\"HKCategoryValueMenstrualFlowMedium\">\n"
          + "<MetadataEntry key=\"\(CategoryRecords.cycleStartKey)\" value=\"\(start)\"/>\n</Record>\n"
      }
    }
    let plain = days.asExport()
    return plain.replacingOccurrences(of: "</HealthData>", with: body + "</HealthData>")
  }

  /// A database of `person`'s export, imported the way a person would.
  static func database(in folder: TemporaryFolder, flow: Bool = true) async throws -> String {
    let xml = try folder.write("export.xml", export(person, flow: flow))
    let path = folder.file("panda.sqlite")
    let imported = await runPanda(["import", xml, "-q", "--db", path, "--timezone", "UTC"])
    #expect(imported.status == .success, "\(imported.error)")
    return path
  }

  /// `panda insights` on `path` as of `asOf` with `extra` arguments.
  static func insights(_ path: String, _ extra: [String]) async -> (status: ExitCode, output: String, error: String) {
    await runPanda(["insights", "--db", path, "--timezone", "UTC", "--as-of", asOf.iso, "-q"] + extra)
  }

  @Test func theJSONHasOneTypedCycleObjectAndTheMCPToolAnswersTheSame() async throws {
    let folder = try TemporaryFolder()
    let path = try await Self.database(in: folder)
    let printed = await Self.insights(path, ["--format", "json"])
    #expect(printed.status == .success, "\(printed.error)")
    let json = try #require(JSONValue.parse(printed.output))
    let cycle = try #require(json["cycle"])

    // The same figures as the summary of the planted records and series, computed apart.
    let snapshot = HealthSnapshot(
      asOf: Self.asOf, window: DayRange(Self.asOf.adding(days: -HealthFetcher.windowDays)...Self.asOf),
      series: Self.person.series(), records: Self.person.records())
    let expected = try #require(CycleSummary.summary(of: snapshot, asOf: Self.asOf))
    #expect(cycle["lengths"]?.arrayValue?.compactMap { $0.numberValue } == expected.lengths.map(Double.init))
    #expect(cycle["cycles"]?.numberValue == Double(expected.lengths.count))
    #expect(cycle["typicalLength"]?.numberValue == expected.typicalLength)
    #expect(cycle["shortest"]?.numberValue == expected.shortest.map(Double.init))
    #expect(cycle["longest"]?.numberValue == expected.longest.map(Double.init))
    #expect(cycle["regularity"]?.stringValue == "regular")
    #expect(cycle["from"]?.stringValue == expected.from?.iso)
    #expect(cycle["to"]?.stringValue == expected.through?.iso)
    #expect(cycle["periodLength"]?.numberValue == expected.periodLength)
    #expect(cycle["late"] == .bool(false))
    #expect(cycle["currentCycle"]?["start"]?.stringValue == expected.current?.start.iso)
    #expect(cycle["currentCycle"]?["day"]?.numberValue == expected.current.map { Double($0.day) })
    // The imported wrist temperature is a difference from each night's own baseline: the shift
    // is near the planted one, on the same nights.
    let shift = try #require(cycle["temperatureShift"])
    let plantedShift = try #require(expected.temperature)
    #expect(shift["unit"]?.stringValue == "°C")
    #expect(shift["lutealNights"]?.numberValue == Double(plantedShift.lutealNights))
    #expect(shift["follicularNights"]?.numberValue == Double(plantedShift.follicularNights))
    let measured = try #require(shift["shift"]?.numberValue)
    #expect(abs(measured - plantedShift.shift) < 0.1, "\(measured) against \(plantedShift.shift)")
    let sentences = try #require(cycle["sentences"]?.arrayValue).compactMap { $0.stringValue }
    #expect(sentences.contains { $0.hasPrefix("Your last \(expected.lengths.count) cycles, from") })
    #expect(sentences.contains { $0.hasPrefix("Your wrist temperature was") })

    // The MCP tool tells the same story, the cycle included.
    let zone = try #require(TimeZone(identifier: "UTC"))
    let database = try Database.openPanda(at: path)
    let context = ToolContext(database: database, daily: DailyContext(zone: zone), today: Self.asOf.adding(days: 3))
    let tool = await HealthTools.call(
      "insights", arguments: .object(["as_of": .string(Self.asOf.iso)]), context: context)
    #expect(!tool.isError, "\(tool.text)")
    let answer = try #require(tool.structured)
    #expect(answer["cycle"] == json["cycle"])
    #expect(answer.comparableInsights == json.comparableInsights)
  }

  @Test func everyFormShowsTheCycleFromTheSameFigures() async throws {
    let folder = try TemporaryFolder()
    let path = try await Self.database(in: folder)
    let zone = try #require(TimeZone(identifier: "UTC"))
    let run = InsightsRun(asOf: Self.asOf, today: Self.asOf.adding(days: 3), daily: DailyContext(zone: zone))
    let output = try await run.run(on: try Database.openPanda(at: path), now: 0)
    let cycle = try #require(output.cycle)
    let line = CyclePhrases.line(cycle)

    let overview = await Self.insights(path, [])
    #expect(overview.status == .success, "\(overview.error)")
    #expect(overview.output.contains("Cycle") && overview.output.contains(line), "\(overview.output)")
    let detail = await Self.insights(path, ["--detail"])
    for sentence in CyclePhrases.sentences(cycle) { #expect(detail.output.contains(sentence)) }
    let markdown = await Self.insights(path, ["--format", "markdown"])
    #expect(markdown.output.contains("\n## Cycle\n"))
    for sentence in CyclePhrases.sentences(cycle) { #expect(markdown.output.contains("- \(sentence)\n")) }
    let report = await runPanda(["report", "--db", path, "--timezone", "UTC", "--as-of", Self.asOf.iso, "-q"])
    #expect(report.status == .success, "\(report.error)")
    #expect(report.output.contains("<section id=\"cycle\""))
    for sentence in CyclePhrases.sentences(cycle) { #expect(report.output.contains(HTML.escape(sentence))) }
    #expect(output.report.digestLines.contains("Cycle: \(line)"))

    // One category asked for: that category alone, no cycle.
    let heart = await Self.insights(path, ["--category", "heart", "--format", "json"])
    #expect(JSONValue.parse(heart.output)?["cycle"] == nil)
    let heartText = await Self.insights(path, ["--category", "heart"])
    #expect(!heartText.output.contains(line))
  }

  @Test func withoutFlowRecordsNothingIsSaidAboutACycle() async throws {
    let folder = try TemporaryFolder()
    let path = try await Self.database(in: folder, flow: false)
    let json = await Self.insights(path, ["--format", "json"])
    #expect(json.status == .success, "\(json.error)")
    let parsed = try #require(JSONValue.parse(json.output))
    #expect(parsed["insights"] != nil)
    #expect(parsed["cycle"] == nil)
    for extra in [[], ["--detail"], ["--format", "markdown"]] {
      let printed = await Self.insights(path, extra)
      #expect(!printed.output.contains("\n  Cycle"), "\(extra)")
      #expect(!printed.output.contains("## Cycle"), "\(extra)")
      #expect(!printed.output.contains("menstrual flow records"), "\(extra)")
    }
    let report = await runPanda(["report", "--db", path, "--timezone", "UTC", "--as-of", Self.asOf.iso, "-q"])
    #expect(!report.output.contains("id=\"cycle\""))
  }
}
