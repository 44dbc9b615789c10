import Testing

@testable import PandaCore

@Suite struct IntCountedTests {
  @Test func oneTakesTheSingularAndEveryOtherNumberThePlural() {
    #expect(1.counted("day") == "1 day")
    #expect(0.counted("day") == "0 days")
    #expect(2.counted("partly recorded day") == "2 partly recorded days")
  }

  @Test func largeNumbersAreGrouped() {
    #expect(1204.counted("record") == "1,204 records")
    #expect(1_000_000.counted("sample", "samples") == "1,000,000 samples")
  }

  @Test func anIrregularPluralIsGivenWhole() {
    #expect(1.counted("entry", "entries") == "1 entry")
    #expect(3.counted("entry", "entries") == "3 entries")
  }
}
