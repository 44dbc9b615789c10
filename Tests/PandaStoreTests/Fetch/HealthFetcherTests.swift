import Foundation
import Testing

@testable import PandaCore
@testable import PandaImport
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

@Suite struct HealthFetcherTests {
  let folder: TemporaryFolder
  let database: Database

  init() throws {
    folder = try TemporaryFolder()
    database = try Database.openPanda(at: folder.file("panda.sqlite"))
    let xml = folder.file("export.xml")
    try SyntheticExport(days: 30).writeXML(to: xml)
    _ = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
      .importExport(at: xml)
  }

  var lastDay: CalendarDay { CalendarDay(ordinal: Int(SyntheticExport.defaultLastDay)) }

  @Test func loadsEveryCategoryInOneCall() throws {
    let snapshot = try HealthFetcher(database: database).loadAll(asOf: lastDay)
    #expect(snapshot.series.map(\.metric.id) == MetricCatalogue.all.map(\.id))
    for category in [HealthCategory.heart, .sleep, .activity, .mindfulness, .body, .respiratory] {
      #expect(snapshot.series(in: category).contains { !$0.points.isEmpty }, "no data for \(category)")
    }
    let steps = try #require(snapshot.series("activity.steps"))
    #expect(steps.points.count == 30)
    #expect(steps.points.map(\.day) == steps.points.map(\.day).sorted())
    #expect(steps.availability == .current)
    #expect(snapshot.window.first == lastDay.adding(days: -HealthFetcher.windowDays))
  }

  @Test func saysWhatIsMissingAndWhatIsNotRecent() throws {
    let snapshot = try HealthFetcher(database: database).loadAll(asOf: lastDay.adding(days: 20))
    #expect(snapshot.series("activity.steps")?.availability == .stale(since: lastDay))
    #expect(snapshot.series("nutrition.dietaryEnergy")?.availability == .never)
    #expect(snapshot.missing.map(\.id).contains("body.bodyFat"))
    #expect(!snapshot.missing.map(\.id).contains("activity.steps"))
  }

  @Test func theSnapshotEndsOnItsDay() throws {
    let asOf = lastDay.adding(days: -10)
    let snapshot = try HealthFetcher(database: database).loadAll(asOf: asOf)
    let steps = try #require(snapshot.series("activity.steps"))
    #expect(steps.points.last?.day == asOf)
    #expect(steps.value(on: asOf) != nil)
    #expect(steps.value(on: asOf.adding(days: 1)) == nil)
    #expect(steps.points(from: asOf.adding(days: -6), through: asOf).count == 7)
  }
}
