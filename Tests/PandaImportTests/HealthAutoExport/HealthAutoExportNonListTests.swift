import Foundation
import Testing

@testable import PandaCore
@testable import PandaImport
@testable import PandaStore
@testable import PandaTestSupport

/// A section or a metric's data that the app sends as a list but that came as something else (a
/// string where the symptoms go): counted as a record skipped with its reason, never taken for
/// an empty list; `null` still stands for an empty one.
@Suite struct HealthAutoExportNonListTests {
  let folder: TemporaryFolder
  let database: Database
  let zone = TimeZone(identifier: "Europe/Paris")!

  init() throws {
    folder = try TemporaryFolder()
    database = try Database.openPanda(at: folder.file("panda.sqlite"))
  }

  static let steps = """
    {"name": "step_count", "units": "count", "data": [{"date": "2026-11-20 10:00:00 +0100", "qty": 1200}]}
    """

  func push(_ text: String) throws -> HealthAutoExportSummary {
    let document = try HealthAutoExportDocument.parse(Array(text.utf8), name: "push.json", zone: zone)
    return try HealthAutoExportImporter(
      database: database, context: DailyContext(zone: zone), route: .push, receivedAt: 1_800_000_000
    )
    .importDocument(document, name: "push.json", refusingEmpty: true)
  }

  @Test func aStringWhereTheSymptomsGoIsASkippedRecordBesideTheStoredPoints() throws {
    let summary = try push(#"{"data": {"symptoms": "Headache", "metrics": [\#(Self.steps)]}}"#)
    #expect(summary.inserted == 1)
    #expect(summary.records == 2)
    #expect(summary.skipped == 1)
    #expect(summary.skippedExamples == [#""symptoms" is a string, not a list"#])
  }

  @Test func aDocumentWhoseOnlySectionIsNotAListIsRefusedNamingIt() throws {
    #expect {
      try push(#"{"data": {"symptoms": {"name": "Headache"}}}"#)
    } throws: { error in
      "\(error)".contains(#"its one record could not be read ("symptoms" is an object, not a list)"#)
    }
    #expect(try database.integer("SELECT count(*) FROM imports") == 0)
  }

  @Test func aMetricWhoseDataIsNotAListIsSkippedByName() throws {
    let summary = try push(
      #"{"data": {"metrics": [{"name": "heart_rate", "units": "count/min", "data": 72}, \#(Self.steps)]}}"#)
    #expect(summary.inserted == 1)
    #expect(summary.skippedExamples == ["the data of metric 'heart_rate' is a number, not a list"])
  }

  @Test func nullSectionsAndKeysTheAppDoesNotSendAreNoRecords() throws {
    let summary = try push(
      #"{"data": {"symptoms": null, "workouts": null, "version": "7.1", "metrics": [\#(Self.steps)]}}"#)
    #expect(summary.records == 1)
    #expect(summary.skipped == 0)
  }
}
