import Foundation
import Testing

@testable import PandaCLI
@testable import PandaStore
@testable import PandaTestSupport

/// Without a zone named, days are counted in the zone the data points to, chosen at import and
/// stored with the database; `import`, `status` and `doctor` say which.
@Suite struct ZoneFromDataTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  /// Every daily value, as `metric day value` lines.
  func dailyValues(_ path: String) throws -> [String] {
    try Database(path: path).rows("SELECT metric, day, value FROM daily_values ORDER BY metric, day").map {
      "\($0.text("metric") ?? "") \($0.text("day") ?? "") \($0.real("value") ?? .nan)"
    }
  }

  /// Imports `fixture` in a `panda` process whose zone is UTC, with `arguments` added.
  func importOnAUTCMachine(_ fixture: String, into name: String, _ arguments: [String] = []) throws -> String {
    let path = folder.file(name)
    let child = try PandaProcess(
      ["import", Fixtures.path(fixture), "-q", "--db", path] + arguments, environment: ["TZ": "UTC"])
    let ended = try #require(child.finish(within: 120))
    #expect(ended.status == 0, "\(ended.error)")
    return path
  }

  @Test func aEuropeanExportOnAUTCMachineCountsTheDaysParisCounts() throws {
    // Garmin's day totals at 23:59:59 and the phone's flights at 00:30, Paris time, in May.
    let inferred = try importOnAUTCMachine("garmin-day-totals-paris.xml", into: "inferred.sqlite")
    let paris = try importOnAUTCMachine(
      "garmin-day-totals-paris.xml", into: "paris.sqlite", ["--timezone", "Europe/Paris"])
    let utc = try importOnAUTCMachine("garmin-day-totals-paris.xml", into: "utc.sqlite", ["--timezone", "UTC"])
    let values = try dailyValues(inferred)
    #expect(!values.isEmpty)
    #expect(values == (try dailyValues(paris)))
    // Counted in the machine's zone, the days differ: the test shows something.
    #expect(values != (try dailyValues(utc)))
    let database = try Database(path: inferred)
    #expect(try database.text("SELECT time_zone FROM daily_values_context") == "Europe/Paris")
    #expect(try database.text("SELECT time_zone FROM data_zone") == "Europe/Paris")
    // A zone named is used as named, and the data's zone is still kept.
    let named = try Database(path: utc)
    #expect(try named.text("SELECT time_zone FROM daily_values_context") == TimeZone(identifier: "UTC")?.identifier)
    #expect(try named.text("SELECT time_zone FROM data_zone") == "Europe/Paris")
  }

  @Test func importStatusAndDoctorSayTheZone() async throws {
    let path = folder.file("panda.sqlite")
    let imported = await runPanda(["import", Fixtures.path("garmin-day-totals-paris.xml"), "--db", path])
    #expect(imported.status == .success, "\(imported.error)")
    let sentence = "Days are counted in Europe/Paris, the zone your export was made in; --timezone to change.\n"
    #expect(imported.output.hasSuffix(sentence))
    #expect(imported.output.components(separatedBy: "Days are counted").count == 2)
    let status = await runPanda(["status", "--db", path])
    #expect(status.output.contains("\n" + sentence))
    let json = await runPanda(["status", "--db", path, "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let zone = try #require(object["timeZone"] as? [String: Any])
    #expect(zone["name"] as? String == "Europe/Paris")
    #expect(zone["source"] as? String == "data")
    let named = await runPanda(["status", "--db", path, "--timezone", "Asia/Tokyo"])
    #expect(named.output.contains("Days are counted in Asia/Tokyo, as --timezone says.\n"))
    let doctor = await runPanda(["doctor", "--db", path])
    #expect(doctor.output.contains("✓ time zone: days are counted in Europe/Paris, the zone your export was made in"))
    // Days read later are Paris days: the stored values serve, none are computed for the run.
    let series = await runPanda(["series", "activity.steps", "--db", path, "--format", "json"])
    #expect(series.status == .success)
    #expect(try Database(path: path).text("SELECT time_zone FROM daily_values_context") == "Europe/Paris")
  }

  @Test func aZoneTheRecordsNameIsChosen() async throws {
    // Made in winter at +01:00, which Paris, Rome and Lagos all had; the sleep record names Rome.
    let xml = try folder.write(
      "export.xml",
      exportXML(
        """
        <ExportDate value="2024-01-20 08:00:00 +0100"/>
        \(stepRecord(start: "2024-01-18 09:00:00 +0100", end: "2024-01-18 09:10:00 +0100", value: "500"))
        <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2024-01-18 23:00:00 +0100" endDate="2024-01-19 07:00:00 +0100" value="HKCategoryValueSleepAnalysisAsleepCore">
          <MetadataEntry key="HKTimeZone" value="Europe/Rome"/>
        </Record>
        """))
    let path = folder.file("rome.sqlite")
    let imported = await runPanda(["import", xml, "--db", path])
    #expect(imported.status == .success, "\(imported.error)")
    #expect(imported.output.contains("Days are counted in Europe/Rome, the zone your export was made in"))
    #expect(try Database(path: path).text("SELECT time_zone FROM daily_values_context") == "Europe/Rome")
  }

  @Test func healthAutoExportDatesOnBothSidesOfTheClockChangeGiveACentralEuropeanZone() async throws {
    // The app writes each date with the offset the phone had on it: +01:00 in March, +02:00 in April.
    let points = ["2024-03-20 08:00:00 +0100", "2024-03-21 08:00:00 +0100", "2024-04-10 08:00:00 +0200"]
      .map { "{ \"date\" : \"\($0)\", \"qty\" : 1000 }" }.joined(separator: ", ")
    let json = try folder.write(
      "push.json",
      "{ \"data\" : { \"metrics\" : [ { \"name\" : \"step_count\", \"units\" : \"count\", "
        + "\"data\" : [ \(points) ] } ] } }")
    let path = folder.file("pushed.sqlite")
    let imported = await runPanda(["import", json, "--db", path])
    #expect(imported.status == .success, "\(imported.error)")
    let database = try Database(path: path)
    #expect(try database.text("SELECT time_zone FROM data_zone") == "Europe/Paris")
    #expect(try database.integer("SELECT count(*) FROM zone_offsets") == 3)
    // Every later command counts days in it.
    let status = await runPanda(["status", "--db", path])
    #expect(status.output.contains("Days are counted in Europe/Paris"))
  }

  @Test func aDatabaseCountedInAnotherZoneIsCountedAgainInTheDataZone() async throws {
    // Days counted in the machine's zone by an import that kept no evidence of the zone, as an
    // older panda's; then an export made in Paris in June, which touches none of May's days.
    let june = try folder.write(
      "june.xml",
      exportXML(
        """
        <ExportDate value="2024-06-12 09:00:00 +0200"/>
        \(stepRecord(start: "2024-06-10 00:30:00 +0200", end: "2024-06-10 00:40:00 +0200", value: "700"))
        """))
    let path = folder.file("older.sqlite")
    let first = await runPanda(["import", Fixtures.path("garmin-day-totals.xml"), "-q", "--db", path])
    #expect(first.status == .success, "\(first.error)")
    try Database(path: path).execute("DELETE FROM zone_offsets; DELETE FROM zone_names; DELETE FROM data_zone")
    // June's file lacks May's records: it is added alongside.
    let second = await runPanda(["import", june, "-q", "--add", "--db", path])
    #expect(second.status == .success, "\(second.error)")
    let reference = folder.file("reference.sqlite")
    for export in [Fixtures.path("garmin-day-totals.xml"), june] {
      let imported = await runPanda([
        "import", export, "-q", "--add", "--db", reference, "--timezone", "Europe/Paris",
      ])
      #expect(imported.status == .success, "\(imported.error)")
    }
    #expect(try Database(path: path).text("SELECT time_zone FROM daily_values_context") == "Europe/Paris")
    #expect(try dailyValues(path) == (try dailyValues(reference)))
  }

  @Test func theReceiverCountsAPushInTheZoneStoredWithTheDatabase() async throws {
    // Days of an export made in Paris, stored in Paris's zone; the receiver started in UTC.
    let path = folder.file("received.sqlite")
    let imported = await runPanda(["import", Fixtures.path("garmin-day-totals-paris.xml"), "-q", "--db", path])
    #expect(imported.status == .success, "\(imported.error)")
    let push = try folder.write(
      "push.json",
      "{ \"data\" : { \"metrics\" : [ { \"name\" : \"step_count\", \"units\" : \"count\", "
        + "\"data\" : [ { \"date\" : \"2024-05-11 08:00:00 +0200\", \"qty\" : 1000 } ] } ] } }")
    let utc = DailyContext(zone: try #require(TimeZone(identifier: "UTC")))
    for follows in [true, false] {
      _ = try ReceiveCommand.handler(databasePath: path, context: utc, followsStoredZone: follows).store(push, nil)
      let counted = try Database(path: path).text("SELECT time_zone FROM daily_values_context")
      #expect(counted == (follows ? "Europe/Paris" : utc.zone.identifier))
    }
  }
}
