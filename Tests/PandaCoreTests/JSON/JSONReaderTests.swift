import Testing

@testable import PandaCore
@testable import PandaTestSupport

@Suite struct JSONReaderTests {
  func strings(_ text: String) throws -> [String] {
    var reader = JSONReader(Array(text.utf8))
    var found: [String] = []
    try reader.readArray { reader in found.append(try reader.readString()) }
    try reader.finish()
    return found
  }

  @Test func stringsDecodeEscapesAndSurrogatePairs() throws {
    #expect(
      try strings(#"["a\"b\\c\/d\n", "Sam\u2019s", "\ud83c\udfc3", "plain"]"#) == [
        "a\"b\\c/d\n", "Sam’s", "🏃", "plain",
      ])
  }

  @Test func objectsAreWalkedInAnyKeyOrderAndUnknownValuesSkipped() throws {
    var reader = JSONReader(Array(#"{"z": [1, {"deep": [true, null]}], "qty": "12.5", "n": -1e2}"#.utf8))
    var numbers: [Double] = []
    try reader.readObject { reader, key in
      if key == "z" { return try reader.skipValue() }
      numbers.append(try reader.readNumberIfAny() ?? .nan)
    }
    #expect(numbers == [12.5, -100])
  }

  @Test(arguments: [
    (#"{"a": 1"#, 7, "ends early"),
    (#"{"a" 1}"#, 5, "expected ':' after a key, found '1'"),
    (#"[1, 2,]"#, 6, "expected a value, found ']'"),
    ("[\"a\u{01}\"]", 3, "control character"),
    (#"[nul"#, 4, "ends early"),
    (#"{} x"#, 3, "expected the end of the document"),
  ])
  func malformedDocumentsNameTheByte(_ text: String, offset: Int, reason: String) throws {
    var reader = JSONReader(Array(text.utf8))
    #expect {
      try reader.skipValue()
      try reader.finish()
    } throws: { error in
      guard let failure = error as? JSONReader.Failure else { return false }
      return failure.offset == offset && failure.reason.contains(reason)
    }
  }

  @Test func nestingIsBounded() throws {
    var reader = JSONReader(
      Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8))
    #expect(throws: JSONReader.Failure.self) { try reader.skipValue() }
  }
}
