import Testing

@testable import PandaReceive
@testable import PandaTestSupport

@Suite struct PushAdmissionTests {
  let token = BearerToken("s3cret")

  func decide(_ head: String, maximumBody: Int = 1_000, stopping: Bool = false) throws -> PushAdmission.Decision {
    PushAdmission.decide(
      try RequestHead.parse(ArraySlice((head + "\r\n").utf8)), token: token, maximumBody: maximumBody,
      isStopping: stopping)
  }

  func status(_ decision: PushAdmission.Decision) -> Int? {
    if case .answer(let reply) = decision { return reply.status }
    return nil
  }

  @Test func aPushWithTheTokenAndALengthIsRead() throws {
    #expect(
      try decide("POST / HTTP/1.1\r\nAuthorization: Bearer s3cret\r\nContent-Length: 10\r\n")
        == .readBody(length: 10, sendContinue: false))
    #expect(
      try decide(
        "POST /any/path HTTP/1.1\r\nauthorization: bearer s3cret\r\ncontent-length: 1000\r\nExpect: 100-continue\r\n")
        == .readBody(length: 1_000, sendContinue: true))
  }

  @Test(arguments: [
    ("POST / HTTP/1.1\r\nContent-Length: 10\r\n", 401),
    ("POST / HTTP/1.1\r\nAuthorization: Bearer s3cre\r\nContent-Length: 10\r\n", 401),
    ("POST / HTTP/1.1\r\nAuthorization: Bearer s3cretX\r\nContent-Length: 10\r\n", 401),
    ("POST / HTTP/1.1\r\nAuthorization: s3cret\r\nContent-Length: 10\r\n", 401),
    ("POST / HTTP/1.1\r\nAuthorization: Bearer s3cret\r\n", 411),
    ("POST / HTTP/1.1\r\nAuthorization: Bearer s3cret\r\nTransfer-Encoding: gzip, chunked\r\n", 501),
    ("POST / HTTP/1.1\r\nAuthorization: Bearer s3cret\r\nTransfer-Encoding: chunked\r\nContent-Length: 10\r\n", 400),
    ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n", 401),
    ("POST / HTTP/1.1\r\nAuthorization: Bearer s3cret\r\nContent-Length: -1\r\n", 400),
    ("POST / HTTP/1.1\r\nAuthorization: Bearer s3cret\r\nContent-Length: 10\r\nContent-Length: 11\r\n", 400),
    ("POST / HTTP/1.1\r\nAuthorization: Bearer s3cret\r\nContent-Length: 1001\r\n", 413),
    ("POST / HTTP/1.1\r\nAuthorization: Bearer s3cret\r\nContent-Length: 99999999999999999999999\r\n", 400),
    ("PUT / HTTP/1.1\r\nAuthorization: Bearer s3cret\r\nContent-Length: 10\r\n", 405),
    ("GET / HTTP/1.1\r\n", 200),
    ("HEAD /health HTTP/1.1\r\n", 200),
  ])
  func requestsAreAnsweredWithoutReadingTheirBody(head: String, status: Int) throws {
    #expect(self.status(try decide(head)) == status)
  }

  @Test func aChunkedBodyIsRead() throws {
    #expect(
      try decide("POST / HTTP/1.1\r\nAuthorization: Bearer s3cret\r\nTransfer-Encoding: Chunked\r\n")
        == .readChunkedBody(sendContinue: false))
    #expect(
      try decide(
        "POST / HTTP/1.1\r\nAuthorization: Bearer s3cret\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n")
        == .readChunkedBody(sendContinue: true))
  }

  @Test func theTokenIsCheckedBeforeTheSize() throws {
    #expect(status(try decide("POST / HTTP/1.1\r\nContent-Length: 5000\r\n")) == 401)
  }

  @Test func aRefusalOfSizeNamesBothSizes() throws {
    guard
      case .answer(let reply) = try decide(
        "POST / HTTP/1.1\r\nAuthorization: Bearer s3cret\r\nContent-Length: 2048\r\n")
    else {
      Issue.record("not answered")
      return
    }
    #expect(reply.body.contains("the body is 2.0 KB (2048 bytes); this receiver takes at most 1000 B (1000 bytes"))
  }

  @Test func everythingIs503WhileStopping() throws {
    #expect(status(try decide("GET / HTTP/1.1\r\n", stopping: true)) == 503)
    #expect(
      status(try decide("POST / HTTP/1.1\r\nAuthorization: Bearer s3cret\r\nContent-Length: 10\r\n", stopping: true))
        == 503)
  }

  @Test func withoutATokenAnyPushIsRead() throws {
    let head = try RequestHead.parse(ArraySlice("POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\n".utf8))
    #expect(
      PushAdmission.decide(head, token: nil, maximumBody: 10, isStopping: false)
        == .readBody(length: 3, sendContinue: false))
  }

  @Test func anEmptyTokenIsNoToken() {
    #expect(BearerToken("") == nil)
    #expect(BearerToken("   ") == nil)
    #expect(BearerToken(" abc ")?.accepts("Bearer abc") == true)
  }

  @Test func theTokenIsNeverPrinted() throws {
    let token = try #require(BearerToken("s3cret"))
    #expect(!"\(token)".contains("s3cret"))
    #expect(!String(reflecting: token).contains("s3cret"))
  }
}
