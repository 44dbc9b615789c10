import Foundation
import Testing

@testable import PandaDelivery
@testable import PandaTestSupport

private func failed(_ status: Int?, retryAfter: Int64? = nil) -> DeliveryResult {
  DeliveryResult(status: status, accepted: false, retryAfter: retryAfter, bytes: 10, reason: "failed")
}

@Test func retriesFollowTheScheduleWithoutJitterAtTheMiddle() {
  let policy = RetryPolicy()
  let expected: [Int64] = [60, 300, 1_800, 7_200, 21_600, 43_200, 86_400, 86_400, 86_400]
  for (index, delay) in expected.enumerated() {
    #expect(
      policy.decide(failed(503), attempts: index + 1, createdAt: 0, now: 1_000, random: 0.5)
        == .retry(at: 1_000 + delay))
  }
}

@Test func jitterSpreadsRetriesByAFifthEitherWay() {
  let policy = RetryPolicy()
  #expect(policy.decide(failed(nil), attempts: 2, createdAt: 0, now: 0, random: 0) == .retry(at: 240))
  #expect(policy.decide(failed(nil), attempts: 2, createdAt: 0, now: 0, random: 0.999_999) == .retry(at: 360))
}

@Test func deadAfterTenAttemptsOrThreeDays() {
  let policy = RetryPolicy()
  guard case .dead = policy.decide(failed(500), attempts: 10, createdAt: 0, now: 10, random: 0.5) else {
    Issue.record("the tenth failure should be the last")
    return
  }
  guard case .dead = policy.decide(failed(500), attempts: 3, createdAt: 0, now: 3 * 86_400, random: 0.5) else {
    Issue.record("a message failing for three days should be dead")
    return
  }
  #expect(policy.decide(failed(500), attempts: 9, createdAt: 0, now: 10, random: 0.5) == .retry(at: 86_410))
}

@Test func goneDisablesTheDestinationAndOtherClientErrorsAreFinal() {
  let policy = RetryPolicy()
  #expect(
    policy.decide(failed(410), attempts: 1, createdAt: 0, now: 0, random: 0.5)
      == .dead(reason: "HTTP 410: the destination is gone", disableDestination: true))
  for status in [400, 401, 403, 404, 422] {
    #expect(
      policy.decide(failed(status), attempts: 1, createdAt: 0, now: 0, random: 0.5)
        == .dead(reason: "HTTP \(status): the destination refused it", disableDestination: false))
  }
  for status in [408, 429, 302, 500, 502] {
    #expect(policy.decide(failed(status), attempts: 1, createdAt: 0, now: 0, random: 0.5) == .retry(at: 60))
  }
}

@Test func retryAfterIsHonouredWhenLongerThanTheBackoff() {
  let policy = RetryPolicy()
  #expect(
    policy.decide(failed(429, retryAfter: 900), attempts: 1, createdAt: 0, now: 0, random: 0.5) == .retry(at: 900))
  #expect(policy.decide(failed(429, retryAfter: 5), attempts: 1, createdAt: 0, now: 0, random: 0.5) == .retry(at: 60))
}

@Test func retryAfterReadsSecondsAndHTTPDates() {
  #expect(RetryPolicy.parseRetryAfter("120", now: 0) == 120)
  // 1994-11-06T08:49:37Z is 784111777.
  #expect(RetryPolicy.parseRetryAfter("Sun, 06 Nov 1994 08:49:37 GMT", now: 784_111_700) == 77)
  #expect(RetryPolicy.parseRetryAfter("soon", now: 0) == nil)
}

@Test func acceptedIsSent() {
  let result = DeliveryResult(status: 200, accepted: true, bytes: 1)
  #expect(RetryPolicy().decide(result, attempts: 12, createdAt: 0, now: 9_999_999, random: 0.5) == .sent)
}

@Test func anSMTPRefusalIsFinalAndATemporaryOneIsRetried() {
  let policy = RetryPolicy()
  for reply in [550, 553, 535, 554] {
    let result = DeliveryResult(
      status: reply, statusKind: .smtp, accepted: false, bytes: 0, reason: "\(reply) 5.0.0 refused")
    #expect(
      policy.decide(result, attempts: 1, createdAt: 0, now: 0, random: 0.5)
        == .dead(reason: "the mail server refused it for good: \(reply) 5.0.0 refused", disableDestination: false))
  }
  for reply in [421, 450, 451, 452] {
    let result = DeliveryResult(status: reply, statusKind: .smtp, accepted: false, bytes: 0, reason: "later")
    #expect(policy.decide(result, attempts: 1, createdAt: 0, now: 0, random: 0.5) == .retry(at: 60))
  }
}
