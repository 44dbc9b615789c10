import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaImport
@testable import PandaMCP
@testable import PandaServices
@testable import PandaStore
@testable import PandaSynthetic
@testable import PandaTestSupport

@Suite struct TagRelationTests {
  private let lastDay = CalendarDay(iso: "2025-06-30")!
  /// A tag logged on random days that moves nothing.
  private let sauna = PlantedTag(name: "sauna", share: 0.2)

  private func search(_ days: SyntheticDays) -> RelationSearch {
    RelationFinder.find(
      in: days.series(), window: RelationFinder.defaultWindow(asOf: days.lastDay.adding(days: 1)),
      events: days.tagEvents())
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func plantedTagEffectsAreFoundWithTheirSignAndSize(seed: UInt64) throws {
    let days = SyntheticDays(
      days: 400, seed: seed, lastDay: lastDay, wholeHeartRate: true, tags: [PlantedTag.alcohol, sauna])
    let found = search(days)
    for (effect, planted) in PlantedTag.alcohol.effects {
      let link = try #require(found.relations.first { $0.cause == "tag:alcohol" && $0.effect == effect })
      #expect(link.slope * planted > 0, "\(effect): \(link.slope) against \(planted)")
      #expect(abs(link.slope - planted) <= 0.3 * abs(planted), "\(effect): \(link.slope) against \(planted)")
      #expect(link.lagDays == 1)
      #expect(link.qValue <= FalseClaimControl.falseDiscoveryRate)
      let tagged = try #require(link.taggedDays)
      #expect(tagged == link.pairs.filter { $0.cause == 1 }.count)
      #expect(link.sentence.hasSuffix("(\(tagged) of \(link.days) days)."))
      #expect(link.sentence.contains("after you logged alcohol"))
      #expect(!link.sentence.contains("caus"))
    }
    let hrv = try #require(found.relations.first { $0.cause == "tag:alcohol" && $0.effect == "heart.hrv" })
    #expect(hrv.sentence.hasPrefix("On days after you logged alcohol, your HRV was about"))
    #expect(hrv.sentence.contains("ms lower"))
  }

  @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
  func aTagOnRandomDaysLinksToNothing(seed: UInt64) {
    let days = SyntheticDays(
      days: 400, seed: seed, lastDay: lastDay, wholeHeartRate: true, tags: [PlantedTag.alcohol, sauna])
    let found = search(days)
    #expect(found.relations.contains { $0.cause == "tag:alcohol" })
    #expect(!found.relations.contains { $0.cause == "tag:sauna" })
  }

  @Test func everyTagEffectPairJoinsTheFamilyTheBarIsSetOver() {
    let plain = SyntheticDays(days: 400, seed: 5, lastDay: lastDay)
    var tagged = plain
    tagged.tags = [sauna]
    let withoutTags = search(plain)
    let withTags = search(tagged)
    #expect(withTags.tested == withoutTags.tested + RelationFinder.tagEffects.count)
  }

  @Test func aTagOnTooFewDaysIsNotTested() {
    var days = SyntheticDays(days: 400, seed: 6, lastDay: lastDay)
    let plain = search(days)
    days.tags = [PlantedTag(name: "travel", share: 0.25)]
    let events = Array(days.tagEvents().suffix(RelationFinder.minimumTaggedDays - 1))
    let few = RelationFinder.find(
      in: days.series(), window: RelationFinder.defaultWindow(asOf: lastDay.adding(days: 1)), events: events)
    #expect(few.tested == plain.tested)
    let enough = Array(days.tagEvents().suffix(RelationFinder.minimumTaggedDays + 2))
    let tested = RelationFinder.find(
      in: days.series(), window: RelationFinder.defaultWindow(asOf: lastDay.adding(days: 1)), events: enough)
    #expect(tested.tested == plain.tested + RelationFinder.tagEffects.count)
  }

  /// The way a person's data arrives: an export imported, the tags logged through the log book;
  /// `panda relations`' answer finds what the export's records carry.
  @Test func tagsLoggedBesideAnImportedExportAreFoundWithTheirSize() throws {
    let folder = try TemporaryFolder()
    var export = SyntheticExport(days: 400, seed: 3, detail: .sparse)
    export.tags = [PlantedTag.alcohol, sauna]
    let xml = folder.file("export.xml")
    try export.writeXML(to: xml)
    let zone = try #require(TimeZone(secondsFromGMT: export.offsetSeconds))
    let daily = DailyContext(zone: zone)
    let database = try Database.openPanda(at: folder.file("panda.sqlite"))
    _ = try ExportImporter(database: database, context: daily).importExport(at: xml)
    let book = LogBook(database: database, context: daily)
    for (name, day) in export.tagDays() {
      // 21:00 on the tagged day, in the export's offset.
      _ = try book.tag(name, at: day * 86_400 - Int64(export.offsetSeconds) + 21 * 3_600, note: nil)
    }
    let asOf = CalendarDay(ordinal: Int(export.lastDay) + 1)
    let answer = try RelationsRun(asOf: asOf, window: RelationFinder.defaultWindow(asOf: asOf), zone: zone)
      .run(on: database)
    for effect in ["heart.hrv", "heart.restingHeartRate"] {
      let planted = try #require(PlantedTag.alcohol.effects[effect])
      let link = try #require(answer.relations.first { $0.cause == "tag:alcohol" && $0.effect == effect })
      #expect(abs(link.slope - planted) <= 0.3 * abs(planted), "\(effect): \(link.slope) against \(planted)")
    }
    #expect(!answer.relations.contains { $0.cause == "tag:sauna" })
  }

  @Test func tagsInRunsCountFewerIndependentDays() throws {
    let first = CalendarDay(iso: "2025-01-01")!
    // A week tagged, three weeks not, over a year: whether a day is tagged follows the day before.
    let runs = (0..<364).map { RelationPair(day: first.adding(days: $0), cause: $0 % 28 < 7 ? 1 : 0, effect: 0) }
    let lagged = RelationFinder.labelAutocorrelations(runs)
    #expect(lagged[0] > 0.8)
    let values = (0..<40).map(Double.init)
    let plain = try #require(GroupComparison.compare(Array(values[10...]), Array(values[..<30])))
    let inflated = try #require(GroupComparison.compare(Array(values[10...]), Array(values[..<30]), inflation: 4))
    #expect(inflated.pValue > plain.pValue)
    #expect(inflated.shift == plain.shift)
  }

  /// Many days make a tiny shift unlikely to be chance; tested against the smallest shift worth
  /// naming, it is not linked, while a clear one still is, with the same size.
  @Test func aShiftBelowTheSmallestWorthNamingIsNotLinkedHoweverManyDays() throws {
    let second = (0..<400).map { Double($0 % 100) }
    let margin = RelationFinder.smallestTagShift * RelationFinder.spread(second)
    let small = second.map { $0 + 5 }
    let plainSmall = try #require(GroupComparison.compare(small, second))
    #expect(plainSmall.pValue < 0.05)
    #expect(margin > 5)
    let testedSmall = try #require(GroupComparison.compare(small, second, margin: margin))
    #expect(testedSmall.pValue == 1)
    #expect(testedSmall.shift == plainSmall.shift)
    let clear = second.map { $0 - 25 }
    let plainClear = try #require(GroupComparison.compare(clear, second))
    let testedClear = try #require(GroupComparison.compare(clear, second, margin: margin))
    #expect(testedClear.pValue < 0.001)
    #expect(testedClear.pValue > plainClear.pValue)
    #expect(testedClear.shift == -25)
    #expect(testedClear.rankCorrelation == plainClear.rankCorrelation)
  }

  @Test func theSpreadIsTheInterquartileRangeOfANormalSpread() {
    // Quartiles 25 and 75 of 0…100.
    #expect(abs(RelationFinder.spread((0...100).map(Double.init)) - 50 / 1.349) < 1e-9)
    // A few extreme days do not widen it much.
    let extreme = (0...100).map(Double.init) + [1_000, 2_000]
    #expect(RelationFinder.spread(extreme) < 52 / 1.349)
  }

  @Test func theGroupComparisonFindsAShiftAndItsRankCorrelation() throws {
    let first: [Double] = [10, 11, 12, 13, 14, 15, 16, 17]
    let second: [Double] = [0, 1, 2, 3, 4, 5, 6, 7]
    let result = try #require(GroupComparison.compare(first, second))
    #expect(result.shift == 10)
    #expect(result.rankCorrelation == 1)
    #expect(result.pValue < 0.001)
    let same = try #require(GroupComparison.compare(second, second))
    #expect(same.shift == 0)
    #expect(same.pValue > 0.99)
    #expect(GroupComparison.compare([1, 1], [1, 1]) == nil)
  }
}
