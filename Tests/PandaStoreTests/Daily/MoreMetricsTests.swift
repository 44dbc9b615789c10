import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaImport
@testable import PandaStore
@testable import PandaTestSupport

/// Mobility, hearing, resting energy, glucose, wrist temperature, height and falls: stored by
/// earlier imports, now daily values with the right aggregation.
@Suite struct MoreMetricsTests {
  let folder: TemporaryFolder
  let path: String
  let database: Database

  init() throws {
    folder = try TemporaryFolder()
    path = folder.file("panda.sqlite")
    database = try Database.openPanda(at: path)
    _ = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
      .importExport(at: Fixtures.path("mobility-hearing-and-body.xml"))
  }

  func value(_ metric: String, _ day: String = "2024-05-20") throws -> Double? {
    try database.real("SELECT value FROM daily_values WHERE metric = ? AND day = ?", [.text(metric), .text(day)])
  }

  @Test func gaitMeasuresAreTheDaysAveragesInTheirUnits() throws {
    #expect(try value("mobility.walkingSpeed") == 4.8)
    #expect(try value("mobility.stepLength") == 68)
    #expect(try value("mobility.walkingAsymmetry") == 4)
    #expect(try value("mobility.doubleSupport") == 28.1)
    #expect(try value("mobility.falls") == 1)
    #expect(try value("activity.basalEnergy") == 1_520.5)
    #expect(try value("hearing.headphoneAudio") == 81)
    // 5.5 mmol/L of glucose (180.156 g/mol) is 99.1 mg/dL.
    #expect(abs(try #require(try value("body.bloodGlucose")) - 99.0858) < 0.001)
  }

  @Test func wristTemperatureIsADifferenceFromTheBaselineOfTheNightsBefore() async throws {
    // Five nights make no baseline for themselves.
    #expect(try value("body.wristTemperature", "2024-05-18") == nil)
    // 35.0 against the five nights before (mean 35.0).
    #expect(abs(try #require(try value("body.wristTemperature", "2024-05-19"))) < 1e-9)
    // 35.6 against the six nights before (mean 35.0).
    #expect(abs(try #require(try value("body.wristTemperature", "2024-05-20")) - 0.6) < 1e-9)
    let metrics = await runPanda(["metrics", "--date", "2024-05-20", "--db", path, "--timezone", "UTC"])
    #expect(metrics.output.contains("0.6 °C"))
    #expect(!metrics.output.contains("35.6"))
  }

  @Test func heightIsShownByItsLatestValueAndNeverTrended() async throws {
    let metrics = await runPanda(["metrics", "--date", "2024-05-20", "--db", path, "--timezone", "UTC"])
    #expect(metrics.output.contains("175.3 cm  (measured 2023-01-10)"))
    let snapshot = try HealthFetcher(database: database).loadAll(asOf: try #require(CalendarDay(iso: "2024-05-21")))
    let request = InsightRequest.request(from: snapshot, category: .body, period: .monthly)
    #expect(!(request.trends.map(\.metric) + request.shortfalls.map(\.metric)).contains("body.height"))
  }

  @Test func statusListsTheNewCategories() async throws {
    let status = await runPanda(["status", "--db", path, "--timezone", "UTC"])
    #expect(status.output.contains("mobility\n  NumberOfTimesFallen (count)"))
    #expect(status.output.contains("headphone listening (hearing)\n  HeadphoneAudioExposure (dBASPL)"))
  }

  @Test func aFallGetsAGentleWordAndNoSteadyPraise() async throws {
    let insights = await runPanda(
      [
        "insights", "--category", "mobility", "--period", "daily", "--as-of", "2024-05-21", "--db", path,
        "--timezone", "UTC", "--format", "json",
      ])
    #expect(insights.output.contains("A fall was recorded yesterday."))
    #expect(insights.output.contains("Any fall is worth mentioning to a clinician"))
    #expect(!insights.output.contains("Steady is good"))
  }
}
