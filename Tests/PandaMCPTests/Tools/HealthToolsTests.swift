import Foundation
import Testing

@testable import PandaCore
@testable import PandaImport
@testable import PandaMCP
@testable import PandaStore
@testable import PandaTestSupport

/// The tool layer in-process: workouts one by one as the daily totals count them, and answers
/// bounded and said to be so.
@Suite struct HealthToolsTests {
  let folder: TemporaryFolder
  let database: Database

  init() throws {
    folder = try TemporaryFolder()
    database = try Database.openPanda(at: folder.file("panda.sqlite"))
    _ = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
      .importExport(at: Fixtures.path("workouts.xml"))
  }

  func workouts(zone: String = "UTC", priority: String = "", _ arguments: [String: JSONValue]) async throws
    -> JSONValue
  {
    let daily = DailyContext(zone: try #require(TimeZone(identifier: zone)), priority: SourcePriority(list: priority))
    let context = ToolContext(database: database, daily: daily, today: CalendarDay(iso: "2024-06-01")!)
    let result = await HealthTools.call("workouts", arguments: .object(arguments), context: context)
    #expect(!result.isError, "\(result.text)")
    return try #require(result.structured)
  }

  @Test func aToolTakesTheShortMetricNamesTheCommandLineTakes() async throws {
    let context = ToolContext(
      database: database, daily: DailyContext(zone: try #require(TimeZone(identifier: "UTC"))),
      today: CalendarDay(iso: "2024-06-01")!)
    let arguments: [String: JSONValue] = ["from": .string("2024-05-01"), "to": .string("2024-05-31")]
    var short = arguments
    short["metric"] = .string("steps")
    let answer = await HealthTools.call("daily_values", arguments: .object(short), context: context)
    #expect(!answer.isError, "\(answer.text)")
    #expect(answer.text.contains("activity.steps"))
    var ambiguous = arguments
    ambiguous["metric"] = .string("bp")
    let asked = await HealthTools.call("daily_values", arguments: .object(ambiguous), context: context)
    #expect(asked.isError)
    #expect(
      asked.text.contains("heart.bloodPressureSystolic or heart.bloodPressureDiastolic: which one?"), "\(asked.text)")
  }

  @Test func aWalkRecordedTwiceIsListedOnceFromThePreferredSource() async throws {
    let all = try await workouts(["from": "2024-05-01", "to": "2024-05-03"])
    let listed = try #require(all["workouts"]?.arrayValue)
    #expect(listed.map { $0["type"] } == ["walking", "running", "traditionalStrengthTraining"])
    #expect(all["count"] == .number(3) && all["truncated"] == .bool(false))
    let strava = try await workouts(priority: "Strava", ["from": "2024-05-01", "to": "2024-05-01"])
    #expect(strava["workouts"]?.arrayValue?.map { $0["source"] } == ["Strava"])
    #expect(strava["workouts"]?.arrayValue?.first?["distanceKm"]?.numberValue.map { abs($0 - 5.134) < 0.01 } == true)
  }

  @Test func aWorkoutBelongsToTheLocalDayItStartsOnWithItsOffset() async throws {
    let berlin = try await workouts(zone: "Europe/Berlin", ["from": "2024-05-03", "to": "2024-05-03"])
    let strength = try #require(berlin["workouts"]?.arrayValue?.first)
    #expect(strength["type"] == "traditionalStrengthTraining")
    #expect(strength["start"] == "2024-05-03T01:30:00+02:00")
    #expect(strength["durationMinutes"] == .number(45))
  }

  @Test func aTypeIsNamedEitherWay() async throws {
    for type in ["running", "HKWorkoutActivityTypeRunning", "Running"] {
      let runs = try await workouts(["from": "2024-05-01", "to": "2024-05-03", "type": .string(type)])
      #expect(runs["workouts"]?.arrayValue?.map { $0["type"] } == ["running"], "\(type)")
    }
  }

  @Test func everyToolSchemaNamesItsArgumentsAndRequiresOnlyThose() {
    for tool in HealthTools.all {
      #expect(Set(tool.requiredArguments).isSubset(of: Set(tool.argumentNames)), "\(tool.name)")
      #expect(tool.inputSchema["additionalProperties"] == .bool(false), "\(tool.name)")
      let answers = Set(tool.outputSchema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
      #expect(answers.contains("truncated"), "\(tool.name) does not say whether it was cut")
    }
  }
}
