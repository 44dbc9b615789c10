import Testing

@testable import PandaCore
@testable import PandaTestSupport

/// JSON strings as panda writes them read back as they were.
@Suite struct JSONTextTests {
  @Test(arguments: [
    "plain", "", "a \"quoted\" word", "back\\slash", "line\nbreak\r\n\ttab", "\u{1}\u{1F}",
    "q\"\u{301}x", "Sam’s Apple Watch 😴", "\"", "\\\\\"",
  ])
  func aStringReadsBackAsItWas(text: String) {
    var written = ""
    JSONText.appendString(text, to: &written)
    #expect(JSONValue.parse(written) == .string(text))
    #expect(!written.dropFirst().dropLast().contains { $0.isASCII && $0.asciiValue.map { $0 < 0x20 } == true })
  }
}
