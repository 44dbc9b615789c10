import Testing

@testable import PandaMCP
@testable import PandaTestSupport

/// The splitter gives the same lines however standard input is cut into chunks, keeps at most
/// its limit of any line, and reports a longer one by its length.
@Suite struct MCPLineSplitterTests {
  @Test func theLinesAreTheSameWhateverTheChunks() {
    let limit = 16
    let lines = ["{\"id\":1}", "", "crlf\r", String(repeating: "x", count: 40), "exactly sixteen!", "last"]
    let stream = Array(lines.joined(separator: "\n").utf8)
    let expected: [MCPLineSplitter.Line] = lines.map { line in
      let bytes = Array(line.utf8.filter { $0 != UInt8(ascii: "\r") })
      return line.utf8.count > limit ? .tooLong(bytes: line.utf8.count) : .text(bytes)
    }
    for size in 1...(stream.count + 1) {
      var splitter = MCPLineSplitter(limit: limit)
      var got: [MCPLineSplitter.Line] = []
      var start = 0
      while start < stream.count {
        let end = min(stream.count, start + size)
        got += splitter.feed(stream[start..<end])
        start = end
      }
      if let last = splitter.finish() { got.append(last) }
      #expect(got == expected, "chunks of \(size) bytes")
    }
  }

  @Test func nothingIsLeftWhenTheStreamEndsWithANewline() {
    var splitter = MCPLineSplitter(limit: 8)
    #expect(splitter.feed(Array("a\nb\n".utf8)[...]) == [.text(Array("a".utf8)), .text(Array("b".utf8))])
    #expect(splitter.finish() == nil)
  }
}
