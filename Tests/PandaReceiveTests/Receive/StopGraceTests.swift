import Foundation
import Synchronization
import Testing

@testable import PandaReceive
@testable import PandaTestSupport

@Suite struct StopGraceTests {
  @Test func theGraceStartsWhenTheStopIsFirstNoticedAndEndsAfterItsSeconds() {
    let stopping = Atomic(false)
    let grace = StopGrace(seconds: 0.5, isStopping: { stopping.load(ordering: .relaxed) })
    #expect(!grace.expired)
    usleep(600_000)
    // Time before the stop does not count.
    stopping.store(true, ordering: .relaxed)
    #expect(!grace.expired)
    usleep(600_000)
    #expect(grace.expired)
  }
}
