import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaMCP
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// MCP `compare_periods` allows for the menstrual cycle as the trends do: with flow records,
/// resting heart rate is also compared with the person's luteal shift taken off the luteal days
/// of both periods, and a change is called only when both comparisons make it.
@Suite struct ComparePeriodsCycleTests {
  static let lastDay = CalendarDay(iso: "2025-06-30")!

  /// A generated person with cycles and steady readings, so that the luteal rise stands out of
  /// the day-to-day noise as it does on a quiet person's watch.
  static let person: SyntheticDays = {
    var days = SyntheticDays(
      days: 400, seed: 2, lastDay: lastDay, missingNights: 0, partialDays: 0, cycles: MenstrualCycles(seed: 2))
    days.deviations = ["heart.restingHeartRate": 1, "body.wristTemperature": 0.1]
    return days
  }()

  /// The person's databases: with their flow records, and without them.
  static func databases(in folder: TemporaryFolder) async throws -> (cycles: Database, none: Database) {
    let records = person.records()
    var flow = ""
    for day in records.flowDays {
      let start = records.cycleStarts.contains(day) ? 1 : 0
      flow +=
        "<Record type=\"\(CategoryRecords.flowType)\" sourceName=\"Health\" startDate=\"\(day.iso) 00:00:00 +0000\" "
        + "endDate=\"\(day.iso) 23:59:59 +0000\" value=\"HKCategoryValueMenstrualFlowMedium\">\n"
        + "<MetadataEntry key=\"\(CategoryRecords.cycleStartKey)\" value=\"\(start)\"/>\n</Record>\n"
    }
    let plain = person.asExport()
    let withFlow = plain.replacingOccurrences(of: "</HealthData>", with: flow + "</HealthData>")
    #expect(withFlow != plain)
    var opened: [Database] = []
    for (name, xml) in [("cycles", withFlow), ("none", plain)] {
      let path = folder.file("\(name).sqlite")
      let imported = await runPanda([
        "import", try folder.write("\(name).xml", xml), "-q", "--db", path, "--timezone", "UTC",
      ])
      #expect(imported.status == .success, "\(imported.error)")
      opened.append(try Database.openPanda(at: path))
    }
    return (opened[0], opened[1])
  }

  /// `compare_periods` of resting heart rate on `database`.
  static func compare(_ database: Database, current: DayRange, baseline: DayRange) async throws -> JSONValue {
    let context = ToolContext(
      database: database, daily: DailyContext(zone: try #require(TimeZone(identifier: "UTC"))), today: lastDay)
    let arguments: [String: JSONValue] = [
      "metric": "heart.restingHeartRate", "current_from": .string(current.first.iso),
      "current_to": .string(current.last.iso), "baseline_from": .string(baseline.first.iso),
      "baseline_to": .string(baseline.last.iso),
    ]
    let result = await HealthTools.call("compare_periods", arguments: .object(arguments), context: context)
    #expect(!result.isError, "\(result.text)")
    return try #require(result.structured)
  }

  @Test func aChangeIsCalledOnlyWhenTheComparisonWithTheLutealShiftTakenOffMakesItToo() async throws {
    let folder = try TemporaryFolder()
    let (cycles, none) = try await Self.databases(in: folder)
    let calendar = Self.person.records().cycles
    // The last 7 days of each cycle (luteal) against the 14 days before them (mostly
    // follicular), from the 200th day on, so that the shift has earlier cycles to be measured on.
    let starts = calendar.cycles.map(\.start).filter {
      $0 > Self.person.firstDay.adding(days: 200) && $0 <= Self.lastDay
    }
    #expect(starts.count >= 5)
    var adjusted = 0
    var calledWithoutRecordsOnly = 0
    for start in starts {
      let current = DayRange(last: start.adding(days: -1), count: 7)
      let baseline = DayRange(last: current.first.adding(days: -1), count: 14)
      #expect(
        (0..<7).allSatisfy { calendar.phase(on: current.first.adding(days: $0), knownThrough: current.last) == .luteal }
      )
      let allowed = try await Self.compare(cycles, current: current, baseline: baseline)
      let plain = try await Self.compare(none, current: current, baseline: baseline)
      // The figures stay the person's own.
      for key in ["current", "baseline", "change", "changePercent"] { #expect(allowed[key] == plain[key]) }
      #expect(plain["lutealShift"] == .null && plain["lutealAdjustedChange"] == .null)
      guard let shift = allowed["lutealShift"]?.numberValue,
        let adjustedChange = allowed["lutealAdjustedChange"]?.numberValue,
        let change = allowed["change"]?.numberValue
      else { continue }
      adjusted += 1
      #expect(shift > 0 && shift <= LutealShift.limit("heart.restingHeartRate", usual: 0))
      #expect(adjustedChange < change)
      // A change is called only when the comparison without the shift makes it too.
      let direction = allowed["direction"]?.stringValue
      if direction == "up" || direction == "down" {
        let threshold = try #require(allowed["threshold"]?.numberValue)
        #expect((adjustedChange > 0) == (direction == "up") && abs(adjustedChange) >= threshold)
      }
      let sentence = try #require(allowed["sentence"]?.stringValue)
      #expect(sentence.contains("luteal rise of"), "\(sentence)")
      if direction == "flat" && plain["direction"]?.stringValue == "up" { calledWithoutRecordsOnly += 1 }
    }
    #expect(adjusted >= starts.count / 2)
    // The normal luteal rise is a change without the records, and none with them.
    #expect(calledWithoutRecordsOnly > 0)
  }

  @Test func aMetricTheCycleDoesNotMoveIsComparedAsBefore() async throws {
    let folder = try TemporaryFolder()
    let (cycles, _) = try await Self.databases(in: folder)
    let context = ToolContext(
      database: cycles, daily: DailyContext(zone: try #require(TimeZone(identifier: "UTC"))), today: Self.lastDay)
    let arguments: [String: JSONValue] = [
      "metric": "activity.steps", "current_from": "2025-06-24", "current_to": "2025-06-30",
      "baseline_from": "2025-05-27", "baseline_to": "2025-06-23",
    ]
    let result = await HealthTools.call("compare_periods", arguments: .object(arguments), context: context)
    let answer = try #require(result.structured)
    #expect(answer["lutealShift"] == .null && answer["lutealAdjustedChange"] == .null)
    #expect(answer["sentence"]?.stringValue?.contains("luteal") == false)
  }
}
