import Foundation
import Testing

@testable import PandaStore
@testable import PandaTestSupport

@Suite struct NewSampleCacheTests {
  func add(
    _ cache: NewSampleCache, type: Int64 = 1, _ start: Int64, _ end: Int64, source: Int64 = 1,
    value: Double? = 1, category: String? = nil
  ) {
    cache.add(type: type, start: start, end: end, source: source, device: nil, value: value, category: category)
  }

  @Test func rowsComeOutInTheOrderOfTheIdentityIndexWhateverOrderTheyCameIn() throws {
    let cache = NewSampleCache()
    add(cache, 200, 300, category: "b")
    add(cache, 100, 400)
    add(cache, 100, 300, source: 2)
    add(cache, 100, 300, value: nil)
    add(cache, 100, 300, value: 5)
    add(cache, 100, 300, value: 2)
    add(cache, 200, 300, category: "a")
    add(cache, 200, 300, category: "ab")
    let rows = try #require(cache.rows(of: 1, from: 0, to: 1_000))
    let shown = rows.map { row in
      "\(row.start)-\(row.end) s\(row.source) \(row.hasValue ? "\(row.value)" : "nil") "
        + (row.category < 0 ? "-" : cache.categories[Int(row.category)])
    }
    #expect(
      shown == [
        "100-300 s1 2.0 -", "100-300 s1 5.0 -", "100-300 s1 nil -", "100-300 s2 1.0 -", "100-400 s1 1.0 -",
        "200-300 s1 1.0 a", "200-300 s1 1.0 ab", "200-300 s1 1.0 b",
      ])
  }

  @Test func aRangeHoldsTheRowsStartingInIt() throws {
    let cache = NewSampleCache()
    for start in stride(from: Int64(0), to: 1_000, by: 100) { add(cache, start, start + 50) }
    #expect(try #require(cache.rows(of: 1, from: 200, to: 500)).map(\.start) == [200, 300, 400])
    #expect(try #require(cache.rows(of: 1, from: 250, to: 260)).isEmpty)
    #expect(try #require(cache.rows(of: 2, from: 0, to: 1_000)).isEmpty)
  }

  @Test func aDroppedTypeIsNotServedAgain() {
    let cache = NewSampleCache()
    add(cache, 0, 10)
    cache.drop(1)
    add(cache, 20, 30)
    #expect(cache.rows(of: 1, from: 0, to: 100) == nil)
  }

  @Test func aTypeThatWouldOverfillTheCacheIsDroppedAndTheOthersKept() throws {
    let cache = NewSampleCache(capacity: 3)
    add(cache, type: 1, 0, 10)
    add(cache, type: 2, 0, 10)
    add(cache, type: 2, 20, 30)
    add(cache, type: 2, 40, 50)
    #expect(cache.rows(of: 2, from: 0, to: 100) == nil)
    #expect(try #require(cache.rows(of: 1, from: 0, to: 100)).count == 1)
    // Room was made: another type fits again.
    add(cache, type: 3, 0, 10)
    #expect(try #require(cache.rows(of: 3, from: 0, to: 100)).count == 1)
  }
}
