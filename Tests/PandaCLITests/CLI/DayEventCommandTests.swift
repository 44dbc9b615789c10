import Foundation
import Testing

@testable import PandaCore
@testable import PandaTestSupport

/// `status`, `series tags` and `export tags` show the tags logged and the symptoms Health
/// recorded, by day.
@Suite struct DayEventCommandTests {
  let folder: TemporaryFolder
  let path: String
  let environment = ["TZ": "Europe/Paris"]

  init() async throws {
    folder = try TemporaryFolder()
    path = folder.file("panda.sqlite")
    let records = [
      "<Record type=\"HKCategoryTypeIdentifierHeadache\" sourceName=\"Health\" startDate=\"2025-06-11 09:00:00 +0200\" endDate=\"2025-06-11 10:00:00 +0200\" value=\"HKCategoryValueSeverityMild\"/>"
    ]
    let xml = try folder.write("export.xml", exportXML(records.joined(separator: "\n")))
    _ = await runPanda(["import", xml, "--db", path, "-q"], environment: environment)
    for (name, at) in [
      ("alcohol", "2025-06-10 21:00"), ("alcohol", "2025-06-12 22:00"), ("travel", "2025-06-12 08:00"),
    ] {
      _ = await runPanda(["log", "tag", name, "--at", at, "--db", path], environment: environment)
    }
  }

  @Test func seriesListsTheDaysWithTagsAndSymptoms() async {
    let all = await runPanda(
      ["series", "tags", "--from", "2025-06-01", "--to", "2025-06-30", "--db", path], environment: environment)
    #expect(all.status == .success)
    #expect(
      all.output == """
        Tags and symptoms, 2025-06-01 to 2025-06-30: 3 days of 30
          2025-06-10  logged alcohol
          2025-06-11  Health: headache
          2025-06-12  logged alcohol, travel

        """)
    let one = await runPanda(
      ["series", "tag:alcohol", "--from", "2025-06-01", "--to", "2025-06-30", "--format", "csv", "--db", path],
      environment: environment)
    #expect(one.output == "date,kind,name\n2025-06-10,tag,alcohol\n2025-06-12,tag,alcohol\n")
    let unnamed = await runPanda(["series", "tag:", "--db", path], environment: environment)
    #expect(unnamed.status == .usage)
  }

  @Test func statusCountsEachOnesDays() async throws {
    let text = await runPanda(["status", "--db", path], environment: environment)
    #expect(text.output.contains("tag alcohol            2 days  2025-06-10 → 2025-06-12"))
    #expect(text.output.contains("symptom headache       1 day   2025-06-11 → 2025-06-11"))
    let json = await runPanda(["status", "--format", "json", "--db", path], environment: environment)
    let counts = try #require(JSONValue.parse(json.output)?["dayEvents"]?.arrayValue)
    #expect(counts.count == 3)
    #expect(counts.first?["name"] == .string("alcohol"))
    #expect(counts.first?["days"] == .number(2))
  }

  @Test func exportWritesOneRowPerDayAndEvent() async {
    let csv = await runPanda(["export", "tags", "--db", path], environment: environment)
    #expect(
      csv.output
        == "date,kind,name\n2025-06-10,tag,alcohol\n2025-06-11,symptom,headache\n2025-06-12,tag,alcohol\n"
        + "2025-06-12,tag,travel\n")
    let lines = await runPanda(
      ["export", "tags", "--from", "2025-06-11", "--to", "2025-06-11", "--format", "jsonl", "--db", path],
      environment: environment)
    #expect(lines.output == #"{"date":"2025-06-11","kind":"symptom","name":"headache"}"# + "\n")
  }
}
