import Foundation
import Testing

@testable import PandaCore
@testable import PandaImport
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

/// The menstrual flow and symptom records of a generated export, imported and read back on the
/// days they were written for, with the cycle starts Health marks; and the export without
/// cycles or illnesses has none.
@Suite struct CategoryRecordReaderTests {
  private let lastDay = CalendarDay(ordinal: Int(SyntheticExport.defaultLastDay))

  @Test func flowCycleStartsAndSymptomsComeBackOnTheirDays() throws {
    let folder = try TemporaryFolder()
    let database = try Database.openPanda(at: folder.file("panda.sqlite"))
    let illness = PlantedIllness(onset: lastDay.adding(days: -20), rise: 6, plateauDays: 3)
    var export = SyntheticExport(days: 120, seed: 2, offsetSeconds: 0, detail: .sparse)
    export.cycles = MenstrualCycles(seed: 9)
    export.illnesses = [illness]
    let xml = folder.file("export.xml")
    try export.writeXML(to: xml)
    _ = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
      .importExport(at: xml)

    let expected = SyntheticDays(
      days: 120, seed: 2, lastDay: lastDay, illnesses: [illness], cycles: MenstrualCycles(seed: 9)
    )
    .records()
    let read = try CategoryRecordReader(database: database).records(from: lastDay.adding(days: -119), through: lastDay)
    #expect(!expected.flowDays.isEmpty && !expected.symptoms.isEmpty)
    #expect(read == expected)
    #expect(read.cycles.cycles.count >= 4)
    let snapshot = try HealthFetcher(database: database).loadAll(asOf: lastDay)
    #expect(snapshot.records.symptoms == expected.symptoms)
  }

  @Test func aSymptomMarkedNotPresentAndNoFlowAreLeftOut() throws {
    let folder = try TemporaryFolder()
    let database = try Database.openPanda(at: folder.file("panda.sqlite"))
    let xml = folder.file("export.xml")
    let records = [
      ("HKCategoryTypeIdentifierFever", "HKCategoryValueSeverityNotPresent", "2025-06-01"),
      ("HKCategoryTypeIdentifierCoughing", "HKCategoryValueSeverityMild", "2025-06-02"),
      ("HKCategoryTypeIdentifierMenstrualFlow", "HKCategoryValueMenstrualFlowNone", "2025-06-03"),
      ("HKCategoryTypeIdentifierMenstrualFlow", "HKCategoryValueMenstrualFlowLight", "2025-06-04"),
      ("HKCategoryTypeIdentifierAbdominalCramps", "HKCategoryValueSeverityMild", "2025-06-04"),
    ].map { type, value, day in
      "<Record type=\"\(type)\" sourceName=\"Health\" creationDate=\"\(day) 09:00:00 +0000\" "
        + "startDate=\"\(day) 00:00:00 +0000\" endDate=\"\(day) 00:00:00 +0000\" value=\"\(value)\"/>"
    }
    try
      ("<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n<ExportDate value=\"2025-06-30 08:00:00 +0000\"/>\n"
      + records.joined(separator: "\n") + "\n</HealthData>\n").write(toFile: xml, atomically: true, encoding: .utf8)
    _ = try ExportImporter(database: database, context: DailyContext(zone: TimeZone(identifier: "UTC")!))
      .importExport(at: xml)
    let read = try CategoryRecordReader(database: database).records(
      from: CalendarDay(iso: "2025-05-01")!, through: CalendarDay(iso: "2025-06-30")!)
    #expect(read.flowDays == [CalendarDay(iso: "2025-06-04")!])
    #expect(read.cycleStarts.isEmpty)
    #expect(
      read.symptoms == [
        CategoryRecords.Symptom(day: CalendarDay(iso: "2025-06-02")!, type: "HKCategoryTypeIdentifierCoughing")
      ])
  }

  @Test func theDefaultExportWritesNoFlowOrSymptoms() throws {
    var xml = ""
    try SyntheticExport(days: 40, detail: .sparse).write { xml += $0 }
    #expect(!xml.contains("MenstrualFlow"))
    #expect(!xml.contains("HKCategoryValueSeverity"))
    var cycling = SyntheticExport(days: 40, detail: .sparse)
    cycling.cycles = MenstrualCycles(seed: 1)
    var withCycles = ""
    try cycling.write { withCycles += $0 }
    #expect(withCycles.contains("<MetadataEntry key=\"HKMenstrualCycleStart\" value=\"1\"/>"))
  }
}
