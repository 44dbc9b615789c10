import Foundation
import Testing

@testable import PandaCore
@testable import PandaImport
@testable import PandaServices
@testable import PandaStore
@testable import PandaTestSupport

@Suite struct DataExportTests {
  let folder: TemporaryFolder
  let database: Database
  let context = DailyContext(zone: TimeZone(identifier: "UTC")!)

  init() throws {
    folder = try TemporaryFolder()
    database = try Database.openPanda(at: folder.file("panda.sqlite"))
    let records = [
      Records.quantity(
        "StepCount", source: "Phone, &quot;main&quot;", unit: "count", value: 1_234, start: "2025-06-01 10:00:00 +0000",
        end: "2025-06-01 10:30:00 +0000"),
      Records.quantity(
        "StepCount", source: "Phone", unit: "count", value: 10, start: "2025-06-03 10:00:00 +0000",
        end: "2025-06-03 10:30:00 +0000"),
      Records.quantity(
        "BodyMass", source: "Scale", unit: "kg", value: 72.25, start: "2025-06-03 07:00:00 +0000",
        end: "2025-06-03 07:00:00 +0000"),
      Records.sleep(
        "AsleepCore", source: "Watch", start: "2025-06-02 23:00:00 +0000", end: "2025-06-03 06:00:00 +0000"),
    ]
    let path = try folder.write("export.xml", exportXML(records.joined(separator: "\n")))
    _ = try ExportImporter(database: database, context: context).importExport(at: path)
  }

  @Test func dailyTableHasADayPerRowAndAMetricPerColumn() throws {
    let metrics = ["activity.steps", "body.bodyMass"].compactMap(MetricCatalogue.metric)
    let table = try DailyTable.load(
      database: database, metrics: metrics, from: CalendarDay(iso: "2025-06-01")!, to: CalendarDay(iso: "2025-06-30")!)
    #expect(
      table.csv() == """
        date,activity.steps,body.bodyMass,partial
        2025-06-01,1234,,activity.steps
        2025-06-03,10,72.25,activity.steps

        """)
    #expect(
      table.json().contains(
        "{\"date\": \"2025-06-01\", \"activity.steps\": 1234, \"body.bodyMass\": null, \"partial\": [\"activity.steps\"]}"
      ))
  }

  @Test func samplesAreAllWrittenInEitherFormat() throws {
    var csv = ""
    let count = try SampleExporter(database: database).write(format: .csv) { csv += $0 }
    #expect(count == 4)
    let lines = csv.split(separator: "\n")
    #expect(lines.count == 5)
    #expect(lines[0] == "type,source,device,start,end,value,unit,category,route")
    #expect(
      lines.contains(
        "HKQuantityTypeIdentifierStepCount,\"Phone, \"\"main\"\"\",,2025-06-01T10:00:00Z,2025-06-01T10:30:00Z,1234,count,,export"
      ))
    #expect(lines.contains { $0.hasSuffix(",,HKCategoryValueSleepAnalysisAsleepCore,export") })

    var jsonl = ""
    try SampleExporter(database: database).write(format: .jsonl) { jsonl += $0 }
    let objects = try jsonl.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.count == 4)
    #expect(objects.contains { $0["value"] as? Double == 72.25 && $0["unit"] as? String == "kg" })
  }

  @Test func samplesCanBeFilteredByTypeAndTime() throws {
    let exporter = SampleExporter(database: database)
    #expect(try exporter.typeIdentifiers(matching: "activity.steps") == ["HKQuantityTypeIdentifierStepCount"])
    #expect(try exporter.typeIdentifiers(matching: "bodymass") == ["HKQuantityTypeIdentifierBodyMass"])
    var text = ""
    let count = try exporter.write(
      format: .csv, types: ["HKQuantityTypeIdentifierStepCount"], from: 1_748_822_400, to: nil
    ) { text += $0 }
    #expect(count == 1)
    #expect(text.contains("2025-06-03T10:00:00Z"))
  }

  @Test func pushedSleepNightsAreWrittenStageByStageWithTheirRoute() throws {
    let json = """
      {"data": {"metrics": [{"name": "sleep_analysis", "units": "hr", "data": [
        {"date": "2025-06-05", "sleepStart": "2025-06-04 23:00:00 +0000", "sleepEnd": "2025-06-05 06:30:00 +0000",
         "core": 4.5, "deep": 1.25, "rem": 1.5, "awake": 0.25, "asleep": 0, "inBed": 7.5, "source": "Sam's Watch"}]}]}}
      """
    let document = try HealthAutoExportDocument.parse(Array(json.utf8), name: "push.json", zone: context.zone)
    _ = try HealthAutoExportImporter(database: database, context: context, route: .push, receivedAt: 1_749_200_000)
      .importDocument(document, name: "push.json")
    var csv = ""
    let count = try SampleExporter(database: database).write(
      format: .csv, types: ["HKCategoryTypeIdentifierSleepAnalysis"], from: 1_749_000_000, to: nil
    ) { csv += $0 }
    let night = csv.split(separator: "\n").filter { $0.hasSuffix(",push") }
    let span = "Sam's Watch,,2025-06-04T23:00:00Z,2025-06-05T06:30:00Z"
    #expect(
      Set(night) == [
        "HKCategoryTypeIdentifierSleepAnalysis,\(span),7.5,hr,HKCategoryValueSleepAnalysisInBed,push",
        "HKCategoryTypeIdentifierSleepAnalysis,\(span),4.5,hr,HKCategoryValueSleepAnalysisAsleepCore,push",
        "HKCategoryTypeIdentifierSleepAnalysis,\(span),1.25,hr,HKCategoryValueSleepAnalysisAsleepDeep,push",
        "HKCategoryTypeIdentifierSleepAnalysis,\(span),1.5,hr,HKCategoryValueSleepAnalysisAsleepREM,push",
        "HKCategoryTypeIdentifierSleepAnalysis,\(span),0.25,hr,HKCategoryValueSleepAnalysisAwake,push",
      ])
    // The export's own sleep record, before the time asked for, stays out; the night counts.
    #expect(count == night.count)
    var steps = ""
    try SampleExporter(database: database).write(format: .csv, types: ["HKQuantityTypeIdentifierStepCount"]) {
      steps += $0
    }
    #expect(!steps.contains("Sleep"))
  }

  @Test func pushedBucketsAreWrittenWithTheirRouteAndEscapedNames() throws {
    let json = """
      {"data": {"metrics": [{"name": "step_count", "units": "count", "data": [
        {"date": "2025-06-04 10:00:00 +0000", "qty": 321, "source": "Sam\\u001b[31m\\nforged"},
        {"date": "2025-06-04 11:00:00 +0000", "qty": 123}]}]}}
      """
    let document = try HealthAutoExportDocument.parse(Array(json.utf8), name: "push.json", zone: context.zone)
    _ = try HealthAutoExportImporter(database: database, context: context, route: .push, receivedAt: 1_749_100_000)
      .importDocument(document, name: "push.json")
    var csv = ""
    let count = try SampleExporter(database: database).write(format: .csv) { csv += $0 }
    #expect(count == 6)
    let lines = csv.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
    #expect(lines.count == 7)
    #expect(!csv.contains("\u{1B}"))
    #expect(
      lines.contains(
        "HKQuantityTypeIdentifierStepCount,Health Auto Export,,2025-06-04T11:00:00Z,2025-06-04T12:00:00Z,123,count,,push"
      ))
    #expect(lines.contains { $0.contains(",321,count,,push") && $0.contains("Sam\\u{1B}[31m\\nforged") })

    var jsonl = ""
    try SampleExporter(database: database).write(
      format: .jsonl, types: ["HKQuantityTypeIdentifierStepCount"], from: 1_748_995_200, to: nil
    ) { jsonl += $0 }
    let objects = try jsonl.split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.map { $0["route"] as? String } == ["push", "push"])
    #expect(objects.map { $0["value"] as? Double }.contains(321))
  }
}
