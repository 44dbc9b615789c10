import Foundation
import Testing

@testable import PandaCore
@testable import PandaTestSupport

/// Choosing the zone days are counted in from the offsets the data's dates carry.
@Suite struct ZoneInferenceTests {
  static let utc = TimeZone(identifier: "UTC")!
  /// 2024-01-01 00:00 UTC.
  static let newYear2024: Int64 = 1_704_067_200
  /// Central European summer time in 2024: from 2024-03-31 01:00 UTC to 2024-10-27 01:00 UTC.
  static let summer2024: Range<Int64> = 1_711_846_800..<1_729_990_800

  /// One offset a day at `hour` UTC for `days` days from 2024-01-01, each `offset(instant)`.
  static func daily(days: Int = 366, hour: Int64 = 12, _ offset: (Int64) -> Int) -> [ZoneEvidence.Offset] {
    (0..<Int64(days)).map { day in
      let instant = newYear2024 + day * 86_400 + hour * 3_600
      return ZoneEvidence.Offset(instant: instant, seconds: offset(instant))
    }
  }

  /// +01:00 in winter, +02:00 in summer, on 2024's dates.
  static let centralEurope = daily { summer2024.contains($0) ? 7_200 : 3_600 }

  @Test func winterAndSummerOffsetsOnTheirDatesGiveACentralEuropeanZone() throws {
    let choice = try #require(ZoneInference.choose(ZoneEvidence(offsets: Self.centralEurope), system: Self.utc))
    #expect(choice.identifier == "Europe/Paris")
    #expect(choice.fitsEveryDate)
    #expect(choice.observed == 366)
    // Either side of both changes, at 00:30 and 01:30 UTC on the changing days.
    let changes = [Self.summer2024.lowerBound, Self.summer2024.upperBound].flatMap { [$0 - 1_800, $0 + 1_800] }
    let zone = try #require(TimeZone(identifier: choice.identifier))
    for instant in changes {
      let expected = Self.summer2024.contains(instant) ? 7_200 : 3_600
      #expect(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))) == expected)
    }
  }

  @Test func aDayCutAtTheChangeOfClocksKeepsBothOffsets() throws {
    // On the day the clocks change, records before 01:00 UTC carry +01:00 and those after +02:00.
    let change = Self.summer2024.lowerBound
    var collector = ZoneEvidence.Collector()
    for instant in stride(from: change - 3_000, to: change + 3_000, by: 600) {
      collector.note(instant: instant, seconds: instant < change ? 3_600 : 7_200)
    }
    #expect(collector.offsets.map(\.seconds) == [3_600, 7_200])
    let choice = try #require(ZoneInference.choose(ZoneEvidence(offsets: collector.offsets), system: Self.utc))
    #expect(choice.identifier == "Europe/Paris")
    #expect(choice.fitsEveryDate)
  }

  @Test func aFixedOffsetAllYearGivesAZoneWithoutDaylightSaving() throws {
    let evidence = ZoneEvidence(offsets: Self.daily { _ in -7 * 3_600 })
    let choice = try #require(ZoneInference.choose(evidence, system: Self.utc))
    #expect(choice.identifier == "America/Phoenix")
    #expect(choice.fitsEveryDate)
    // Denver has −07:00 in winter only: it does not fit.
    let denver = try #require(TimeZone(identifier: "America/Denver"))
    #expect(!ZoneInference.runs(of: evidence.offsets).allSatisfy { ZoneInference.fits(denver, $0) })
  }

  @Test func theMachinesZoneIsLeftWhenTheDataSaysOtherwise() throws {
    let newYork = try #require(TimeZone(identifier: "America/New_York"))
    let choice = try #require(ZoneInference.choose(ZoneEvidence(offsets: Self.centralEurope), system: newYork))
    #expect(choice.identifier == "Europe/Paris")
  }

  @Test func theMachinesZoneIsPreferredWhenItFits() throws {
    for name in ["Europe/Berlin", "Europe/Vienna"] {
      let system = try #require(TimeZone(identifier: name))
      let choice = try #require(ZoneInference.choose(ZoneEvidence(offsets: Self.centralEurope), system: system))
      #expect(choice.identifier == name)
    }
  }

  @Test func aZoneTheRecordsNameComesFirstWhenItFits() throws {
    let system = try #require(TimeZone(identifier: "Europe/Berlin"))
    let named = ZoneEvidence(offsets: Self.centralEurope, names: ["Europe/Rome": 40, "Asia/Tokyo": 2])
    #expect(ZoneInference.choose(named, system: system)?.identifier == "Europe/Rome")
    // A name whose offsets do not fit the dates is passed over.
    let wrong = ZoneEvidence(offsets: Self.centralEurope, names: ["Asia/Tokyo": 40])
    #expect(ZoneInference.choose(wrong, system: system)?.identifier == "Europe/Berlin")
    // Names alone choose.
    #expect(ZoneInference.choose(ZoneEvidence(names: ["Asia/Tokyo": 3]), system: system)?.identifier == "Asia/Tokyo")
  }

  @Test func travelChoosesTheZoneOfMostDatesAndSaysHowMany() throws {
    // Two weeks in New York in July (−04:00), Central European dates otherwise.
    let trip = (Self.newYear2024 + 190 * 86_400)..<(Self.newYear2024 + 204 * 86_400)
    let offsets = Self.daily { trip.contains($0) ? -4 * 3_600 : (Self.summer2024.contains($0) ? 7_200 : 3_600) }
    let choice = try #require(ZoneInference.choose(ZoneEvidence(offsets: offsets), system: Self.utc))
    #expect(choice.identifier == "Europe/Paris")
    #expect(!choice.fitsEveryDate)
    #expect(choice.observed == 366)
    #expect(choice.matched == 366 - 14)
  }

  @Test func nothingToGoOnChoosesNothing() {
    #expect(ZoneInference.choose(ZoneEvidence(), system: Self.utc) == nil)
    // An offset no zone has, and a name no zone has.
    let odd = ZoneEvidence(offsets: Self.daily(days: 3) { _ in 5 * 3_600 + 17 * 60 }, names: ["Mars/Olympus": 9])
    #expect(ZoneInference.choose(odd, system: Self.utc) == nil)
  }

  @Test func anExportWhoseRecordsAllCarryItsOwnOffsetSaysOnlyThatOffsetAtItsDate() {
    let exportDate = ZoneEvidence.Offset(instant: Self.summer2024.lowerBound + 86_400 * 30, seconds: 7_200)
    let records = Self.daily { _ in 7_200 }
    #expect(ZoneEvidence.ofExport(records: records, exportDate: exportDate) == [exportDate])
    let dated = ZoneEvidence.ofExport(records: Self.centralEurope, exportDate: exportDate)
    #expect(dated.count == Self.centralEurope.count + 1)
    #expect(ZoneEvidence.ofExport(records: records, exportDate: nil) == records)
  }

  @Test func anExportMadeInSummerAtPlusTwoPointsToCentralEurope() throws {
    // The Health app writes every date with the offset the phone had at export time.
    let exportDate = ZoneEvidence.Offset(instant: Self.summer2024.lowerBound + 86_400 * 40, seconds: 7_200)
    let offsets = ZoneEvidence.ofExport(records: Self.daily { _ in 7_200 }, exportDate: exportDate)
    #expect(ZoneInference.choose(ZoneEvidence(offsets: offsets), system: Self.utc)?.identifier == "Europe/Paris")
    // Made in winter at −05:00: the eastern United States.
    let winter = ZoneEvidence.Offset(instant: Self.newYear2024 + 86_400 * 20, seconds: -5 * 3_600)
    #expect(ZoneInference.choose(ZoneEvidence(offsets: [winter]), system: Self.utc)?.identifier == "America/New_York")
  }

  @Test func zonesAgreeWhenTheirOffsetsMatchOverTheWholeSpan() throws {
    let paris = try #require(TimeZone(identifier: "Europe/Paris"))
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    let london = try #require(TimeZone(identifier: "Europe/London"))
    let end = Self.newYear2024 + 365 * 86_400
    #expect(ZoneInference.agree(paris, berlin, from: Self.newYear2024, through: end))
    #expect(!ZoneInference.agree(paris, london, from: Self.newYear2024, through: end))
    // Winter days alone: Paris and Lagos (+01:00 all year) count the same days.
    let lagos = try #require(TimeZone(identifier: "Africa/Lagos"))
    #expect(ZoneInference.agree(paris, lagos, from: Self.newYear2024, through: Self.summer2024.lowerBound - 1))
    #expect(!ZoneInference.agree(paris, lagos, from: Self.newYear2024, through: Self.summer2024.lowerBound + 1))
  }

  @Test func evidenceMergesOnePerDayAndOffsetAndTheLargerCountPerName() {
    let a = ZoneEvidence(offsets: Self.daily(days: 3) { _ in 3_600 }, names: ["Europe/Paris": 4])
    let b = ZoneEvidence(
      offsets: Self.daily(days: 5, hour: 6) { _ in 3_600 }, names: ["Europe/Paris": 2, "Europe/Rome": 1])
    let merged = a.merged(with: b)
    #expect(merged.offsets.count == 5)
    #expect(merged.offsets.prefix(3).allSatisfy { ($0.instant - Self.newYear2024) % 86_400 == 6 * 3_600 })
    #expect(merged.names == ["Europe/Paris": 4, "Europe/Rome": 1])
  }

  @Test func offsetsAreReadFromEveryFormTheExportWrites() {
    func offset(_ text: String) -> Int? {
      var text = text
      return text.withUTF8 { HealthDate.offset(UnsafeBufferPointer(start: $0.baseAddress, count: $0.count)) }
    }
    #expect(offset("2019-06-17 21:07:11 -0400") == -14_400)
    #expect(offset("20151107171924+0100") == 3_600)
    #expect(offset("2019-06-17T21:07:11+05:30") == 19_800)
    #expect(offset("2019-06-17T21:07:11Z") == 0)
    #expect(offset("2019-06-17 21:07:11") == nil)
    #expect(offset("2019-06-17") == nil)
    #expect(offset("") == nil)
  }
}
