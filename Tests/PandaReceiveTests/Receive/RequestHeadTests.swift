import Testing

@testable import PandaReceive
@testable import PandaTestSupport

@Suite struct RequestHeadTests {
  func parse(_ text: String) throws(RequestHeadError) -> RequestHead {
    try RequestHead.parse(ArraySlice(text.utf8))
  }

  @Test func theRequestLineAndHeadersAreRead() throws {
    let head = try parse(
      "POST /hae?x=1 HTTP/1.1\r\nHost: 10.0.0.2:8080\r\nContent-Type: application/json\r\n"
        + "Authorization:   Bearer abc  \r\nautomation-name: Hourly\r\n\r\n")
    #expect(head.method == "POST")
    #expect(head.target == "/hae?x=1")
    #expect(head.version == "HTTP/1.1")
    #expect(head.header("authorization") == "Bearer abc")
    #expect(head.header("automation-name") == "Hourly")
    #expect(head.header("content-length") == nil)
  }

  @Test func bareLineFeedsAreAccepted() throws {
    #expect(try parse("GET / HTTP/1.0\nHost: x\n\n").header("host") == "x")
  }

  @Test func theEndIsFoundOnlyOnceTheBlankLineArrived() {
    #expect(RequestHead.end(in: Array("POST / HTTP/1.1\r\nHost: x\r\n".utf8)) == nil)
    let bytes = Array("POST / HTTP/1.1\r\nHost: x\r\n\r\n{\"data\"".utf8)
    #expect(RequestHead.end(in: bytes) == 28)
    #expect(RequestHead.end(in: Array("GET / HTTP/1.1\n\nbody".utf8)) == 16)
  }

  @Test(arguments: [
    "GARBAGE\r\n\r\n", "post / HTTP/1.1\r\n\r\n", "GET / HTTP/2\r\n\r\n", "GET  / HTTP/1.1\r\n\r\n",
    "GET / HTTP/1.1\r\nno colon here\r\n\r\n", "GET / HTTP/1.1\r\n: empty name\r\n\r\n",
    "GET / HTTP/1.1\r\nbad name: x\r\n\r\n",
  ])
  func aMalformedHeadIsRefused(text: String) {
    #expect(throws: RequestHeadError.self) { try parse(text) }
  }

  @Test func aHeadWithANulByteIsRefusedButOtherBytesAreRead() throws {
    #expect(throws: RequestHeadError.malformed("the request head is not text")) {
      try RequestHead.parse(ArraySlice(Array("GET / HTTP/1.1\r\nX: a".utf8) + [0] + Array("\r\n\r\n".utf8)))
    }
    let latin1 = Array("POST / HTTP/1.1\r\nautomation-name: Caf".utf8) + [0xE9] + Array("\r\n\r\n".utf8)
    #expect(try RequestHead.parse(ArraySlice(latin1)).header("automation-name")?.hasPrefix("Caf") == true)
  }

  @Test func anOverlongHeadIsTooLarge() {
    let text = "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: RequestHead.maximumBytes) + "\r\n\r\n"
    #expect(throws: RequestHeadError.tooLarge) { try parse(text) }
  }
}
