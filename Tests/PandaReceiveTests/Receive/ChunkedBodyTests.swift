import Testing

@testable import PandaReceive
@testable import PandaTestSupport

@Suite struct ChunkedBodyTests {
  static let encoded = Array(
    "4\r\nWiki\r\n7;name=value\r\npedia i\r\nB\r\nn \r\nchunks.\r\n0\r\nExpires: never\r\n\r\n".utf8)

  func decode(_ bytes: [UInt8], in pieces: Int = 1, maximumBody: Int = 1_000) throws(ChunkedBodyError) -> ChunkedBody {
    var decoder = ChunkedBody(maximumBody: maximumBody)
    let size = max(1, (bytes.count + pieces - 1) / pieces)
    var start = 0
    while start < bytes.count {
      try decoder.feed(bytes[start..<min(bytes.count, start + size)])
      start += size
    }
    return decoder
  }

  @Test(arguments: [1, 2, 7, 200])
  func aBodyIsDecodedHoweverItsBytesArrive(pieces: Int) throws {
    let decoder = try decode(Self.encoded, in: pieces == 200 ? Self.encoded.count : pieces)
    #expect(decoder.isComplete)
    #expect(String(decoding: decoder.body, as: UTF8.self) == "Wikipedia in \r\nchunks.")
    #expect(decoder.bytesRead == Self.encoded.count)
  }

  @Test func bytesAfterTheEndAreNotRead() throws {
    let decoder = try decode(Array("3\r\nabc\r\n0\r\n\r\nGET / HTTP/1.1\r\n".utf8))
    #expect(decoder.isComplete)
    #expect(decoder.body == Array("abc".utf8))
    #expect(decoder.bytesRead == 13)
  }

  @Test func aBodyWithoutItsLastChunkIsNotComplete() throws {
    let decoder = try decode(Array("3\r\nabc\r\n".utf8))
    #expect(!decoder.isComplete)
    #expect(decoder.body == Array("abc".utf8))
  }

  @Test func aSizeThatIsNotHexadecimalNamesItsByte() {
    #expect(throws: ChunkedBodyError.badSize("zz", at: 8)) { try decode(Array("3\r\nabc\r\nzz\r\n".utf8)) }
    #expect(throws: ChunkedBodyError.badSize("-3", at: 0)) { try decode(Array("-3\r\nabc\r\n".utf8)) }
    #expect(throws: ChunkedBodyError.badSize("", at: 0)) { try decode(Array("\r\nabc\r\n".utf8)) }
  }

  @Test func dataLongerThanItsSizeIsRefused() {
    #expect(throws: ChunkedBodyError.missingLineEnd(at: 6)) { try decode(Array("3\r\nabcd\r\n0\r\n\r\n".utf8)) }
  }

  @Test func aBodyOverTheLimitIsRefusedAtTheSizeThatPassesIt() {
    #expect(throws: ChunkedBodyError.tooLarge(maximumBody: 5)) {
      try decode(Array("3\r\nabc\r\n3\r\n".utf8), maximumBody: 5)
    }
    #expect(throws: ChunkedBodyError.tooLarge(maximumBody: 5)) {
      try decode(Array("fffffffffffffff\r\n".utf8), maximumBody: 5)
    }
  }

  @Test func anEndlessLineIsRefused() {
    let line = [UInt8](repeating: UInt8(ascii: "1"), count: ChunkedBody.maximumLine + 1)
    #expect(throws: ChunkedBodyError.lineTooLong(at: 0)) { try decode(line) }
  }
}
