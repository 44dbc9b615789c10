import Foundation
import Testing

@testable import PandaCore
@testable import PandaImport
@testable import PandaStore
@testable import PandaTestSupport

/// The Health app's own daily figures stand for days without samples.
@Suite struct ActivitySummaryDaysTests {
  @Test func aSummaryCountsAsActivityDataWhereNoSamplesExistAndSamplesWinWhereTheyDo() throws {
    let folder = try TemporaryFolder()
    let database = try Database.openPanda(at: folder.file("panda.sqlite"))
    let records = [
      Records.activitySummary("2024-05-01", energy: 700, exercise: 89, stand: 16),
      Records.activitySummary("2024-05-02", energy: 650, exercise: 40, stand: 12),
      Records.quantity(
        "ActiveEnergyBurned", source: "Sam’s Apple Watch", device: Records.watchDevice, unit: "kcal", value: 600,
        start: "2024-05-02 09:00:00 +0000", end: "2024-05-02 21:00:00 +0000"),
      // An iPhone-only day: the summary holds zeros, which are not data.
      Records.activitySummary("2024-05-03", energy: 0, exercise: 0, stand: 0),
    ]
    let path = try folder.write("export.xml", exportXML(records.joined(separator: "\n")))
    _ = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!)).importExport(
      at: path)
    func value(_ metric: String, _ day: String) throws -> Double? {
      try database.real(
        "SELECT value FROM daily_values WHERE metric = ? AND day = ?", [.text(metric), .text(day)])
    }
    #expect(try value("activity.activeEnergy", "2024-05-01") == 700)
    #expect(try value("activity.exerciseMinutes", "2024-05-01") == 89)
    #expect(try value("activity.standHours", "2024-05-01") == 16)
    #expect(try value("activity.activeEnergy", "2024-05-02") == 600)
    #expect(try value("activity.exerciseMinutes", "2024-05-02") == 40)
    #expect(try value("activity.activeEnergy", "2024-05-03") == nil)
    // The trends see the summary's day too.
    let snapshot = try HealthFetcher(database: database).loadAll(asOf: try #require(CalendarDay(iso: "2024-05-04")))
    #expect(snapshot.series("activity.exerciseMinutes")?.value(on: try #require(CalendarDay(iso: "2024-05-01"))) == 89)
  }
}
