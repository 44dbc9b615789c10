import Foundation
import Testing

@testable import PandaCore
@testable import PandaStore
@testable import PandaSynthetic

/// A generated person falling ill two days before the last day, whose sleep moves their HRV:
/// an early warning still going on, and a strong link. The insights, alerts and relations jobs
/// and the model's prompt are tested on them.
enum IllPerson {
  /// The last day of the person's data.
  static let lastDay = CalendarDay(iso: "2025-06-30")!
  /// The day after the last: the day the jobs run as of.
  static let asOf = lastDay.adding(days: 1)

  /// The person's days.
  static let days = SyntheticDays(
    days: 240, seed: 5, lastDay: lastDay,
    links: [PlantedLink(cause: "sleep.asleep", effect: "heart.hrv", lagDays: 0, slope: 6)], missingNights: 0,
    partialDays: 0,
    illnesses: [PlantedIllness(onset: lastDay.adding(days: -2), rise: 9, leadDays: 4, plateauDays: 6)])

  /// A database in `folder` holding the person, imported the way a person would.
  static func database(in folder: TemporaryFolder) async throws -> String {
    let xml = try folder.write("export.xml", days.asExport())
    let path = folder.file("panda.sqlite")
    let imported = await runPanda(["import", xml, "-q", "--db", path, "--timezone", "UTC"])
    #expect(imported.status == .success, "\(imported.error)")
    return path
  }

  /// The person's database with a tag, `travel`, logged the evening before the illness starts.
  static func databaseWithATag(in folder: TemporaryFolder) async throws -> String {
    let path = try await database(in: folder)
    let zone = try #require(TimeZone(identifier: "UTC"))
    let book = LogBook(database: try Database.openPanda(at: path), context: DailyContext(zone: zone))
    let day = lastDay.adding(days: -3)
    _ = try book.tag("travel", at: LocalDay.start(of: day, in: zone) + 21 * 3_600, note: nil)
    return path
  }
}
