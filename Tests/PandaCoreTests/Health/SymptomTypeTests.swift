import Foundation
import Testing

@testable import PandaCore
@testable import PandaStore
@testable import PandaTestSupport

/// One catalogue of Health's symptoms: each type has one name, one display name and one
/// illness mark, and the warnings' table is the catalogue's illness part.
@Suite struct SymptomTypeTests {
  @Test func everyTypeIsListedOnceUnderItsOwnIdentifierAndName() {
    #expect(Set(SymptomType.identifiers).count == SymptomType.all.count)
    #expect(Set(SymptomType.all.map(\.name)).count == SymptomType.all.count)
    for type in SymptomType.all {
      #expect(SymptomType.withIdentifier(type.identifier) == type)
      #expect(SymptomType.name(of: type.identifier) == type.name)
      #expect(type.identifier.hasPrefix("HKCategoryTypeIdentifier"))
      // The name is the identifier's words, lowercase and hyphenated.
      #expect(type.name.replacingOccurrences(of: "-", with: "") == type.kind.lowercased())
    }
    #expect(SymptomType.withIdentifier("HKCategoryTypeIdentifierSleepAnalysis") == nil)
    #expect(SymptomType.withIdentifier("HKCategoryTypeIdentifierMenstrualFlow") == nil)
  }

  @Test func theWarningsTableIsTheCatalogueMarkedIllness() {
    #expect(Set(CategoryRecords.symptomNames.keys) == Set(SymptomType.illnesses.map(\.identifier)))
    for type in SymptomType.all {
      #expect(CategoryRecords.symptomNames[type.identifier] == (type.isIllness ? type.displayName : nil))
      #expect(CategoryRecords.Symptom(day: CalendarDay(ordinal: 0), type: type.identifier).name == type.displayName)
    }
  }

  @Test func symptomsOfTheCycleItselfAreNotIllnesses() throws {
    for kind in ["AbdominalCramps", "Bloating", "BreastPain", "MoodChanges", "HotFlashes"] {
      let type = try #require(SymptomType.withIdentifier("HKCategoryTypeIdentifier" + kind))
      #expect(!type.isIllness)
    }
    for kind in ["Fever", "Coughing", "SoreThroat", "GeneralizedBodyAche"] {
      let type = try #require(SymptomType.withIdentifier("HKCategoryTypeIdentifier" + kind))
      #expect(type.isIllness)
    }
  }

  @Test func aDisplayNameIsTheNamesWordsUnlessHealthSaysItShorter() throws {
    let ache = try #require(SymptomType.withIdentifier("HKCategoryTypeIdentifierGeneralizedBodyAche"))
    #expect(ache.name == "generalized-body-ache")
    #expect(ache.displayName == "body ache")
    let throat = try #require(SymptomType.withIdentifier("HKCategoryTypeIdentifierSoreThroat"))
    #expect(throat.displayName == throat.name.replacingOccurrences(of: "-", with: " "))
  }

  @Test func aWarningAndItsDayEventsNameASymptomInTheSameWords() {
    for type in SymptomType.all {
      let event = DayEvent(day: CalendarDay(ordinal: 0), kind: .symptom, name: type.name)
      #expect(event.phrase == "Health has \(type.displayName)")
      #expect(SymptomType.named(type.name) == type)
    }
  }

  /// Every symptom type exported on its own day: the day events list all of them, the warnings'
  /// records only the ones marked illness, both from the same catalogue.
  @Test func bothReadersLookUpTheSameCatalogue() async throws {
    let folder = try TemporaryFolder()
    let path = folder.file("panda.sqlite")
    let first = try #require(CalendarDay(iso: "2025-03-01"))
    var records: [String] = []
    for (index, type) in SymptomType.all.enumerated() {
      let day = first.adding(days: index).iso
      records.append(
        "<Record type=\"\(type.identifier)\" sourceName=\"Health\" startDate=\"\(day) 10:00:00 +0000\" "
          + "endDate=\"\(day) 11:00:00 +0000\" value=\"HKCategoryValueSeverityMild\"/>")
    }
    let xml = try folder.write("export.xml", exportXML(records.joined(separator: "\n")))
    let imported = await runPanda(["import", xml, "--db", path, "-q"], environment: ["TZ": "UTC"])
    #expect(imported.status == .success, "\(imported.error)")
    let database = try Database(path: path)
    let last = first.adding(days: SymptomType.all.count)
    let events = try DayEventReader(database: database, zone: TimeZone(identifier: "UTC")!).events(
      from: first, through: last)
    #expect(events.map(\.name) == SymptomType.all.map(\.name))
    let warned = try CategoryRecordReader(database: database).records(from: first, through: last).symptoms
    #expect(warned.map(\.type) == SymptomType.illnesses.map(\.identifier))
  }
}
