import Foundation
import Testing

@testable import PandaImport
@testable import PandaServices
@testable import PandaStore
@testable import PandaTestSupport

/// The import job: each file in its own transaction, stopping at the first that fails, and an
/// export's zone followed by the files after it only when no zone was named.
@Suite struct ImportRunTests {
  let folder: TemporaryFolder
  let database: Database
  let utc = DailyContext(zone: TimeZone(identifier: "UTC")!)

  init() throws {
    folder = try TemporaryFolder()
    database = try Database.openPanda(at: folder.file("panda.sqlite"))
  }

  /// The daily values stored for `day`.
  func values(on day: String) throws -> Int64 {
    try database.integer("SELECT COUNT(*) FROM daily_values WHERE day = ?", [.text(day)]) ?? 0
  }

  @Test func aFailedFileStopsTheRunAndTheFilesAfterItAreNotAttempted() throws {
    let paths = ["days.json", "nothing-usable.json", "days-later.json"].map {
      Fixtures.path("health-auto-export/\($0)")
    }
    var reported: [String] = []
    let output = try ImportRun(paths: paths, context: utc).run(on: database) { input, _ in
      reported.append(input.path)
    }
    #expect(reported == Array(paths[0...1]))
    #expect(output.outcomes.map(\.file) == paths)
    guard case .importedDocument(let first) = output.outcomes[0] else {
      Issue.record("the first file was not imported: \(output.outcomes[0])")
      return
    }
    #expect(first.inserted > 0)
    guard case .failed(_, .document) = output.outcomes[1], case .notAttempted = output.outcomes[2] else {
      Issue.record("the second file did not fail as a document, or the third was tried: \(output.outcomes)")
      return
    }
    #expect(output.checkpointError == nil)
    // Only the first file is stored: the third's last day is not.
    #expect(try values(on: "2026-11-22") > 0)
    #expect(try values(on: "2026-11-23") == 0)
  }

  @Test func aDashIsReadFromStandardInput() throws {
    let bytes = [UInt8](try Fixtures.data("health-auto-export/days.json"))
    var run = ImportRun(paths: ["-"], context: utc)
    var reads = 0
    run.readStandardInput = {
      reads += 1
      return bytes
    }
    let output = try run.run(on: database)
    #expect(reads == 1)
    guard case .importedDocument(let summary) = output.outcomes.first else {
      Issue.record("standard input was not imported: \(output.outcomes)")
      return
    }
    #expect(summary.file == "-")
    #expect(summary.inserted > 0)
  }

  @Test func aMissingExportFailsWithTheImportError() throws {
    let missing = folder.file("nowhere/export.zip")
    let output = try ImportRun(paths: [missing], context: utc).run(on: database)
    guard case .failed(let file, .importError(.missingFile)) = output.outcomes.first else {
      Issue.record("a missing export did not fail as missing: \(output.outcomes)")
      return
    }
    #expect(file == missing)
  }

  @Test func anExportsZoneIsFollowedOnlyWhenNoZoneWasNamed() throws {
    let export = Fixtures.path("garmin-day-totals-paris.xml")
    for follows in [true, false] {
      let other = try TemporaryFolder()
      var run = ImportRun(paths: [export], context: utc)
      run.followsDataZone = follows
      run.systemZone = utc.zone
      let output = try run.run(on: try Database.openPanda(at: other.file("panda.sqlite")))
      guard case .imported(let summary, let zone) = output.outcomes.first else {
        Issue.record("the export was not imported: \(output.outcomes)")
        return
      }
      if follows {
        #expect(zone.identifier == summary.timeZone)
        #expect(zone != utc.zone)
      } else {
        #expect(zone == utc.zone)
      }
    }
  }
}
