import Testing

@testable import PandaImport
@testable import PandaSynthetic
@testable import PandaTestSupport

/// Feeds bytes to the scanner a few at a time, so tags straddle chunk boundaries.
final class ChunkedSource: ByteSource {
  private let bytes: [UInt8]
  private let chunk: Int
  private var offset = 0

  init(_ text: String, chunk: Int) {
    bytes = Array(text.utf8)
    self.chunk = chunk
  }

  init(bytes: [UInt8], chunk: Int) {
    self.bytes = bytes
    self.chunk = chunk
  }

  var bytesConsumed: Int64 { Int64(offset) }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
    let count = min(chunk, buffer.count, bytes.count - offset)
    for index in 0..<count { buffer[index] = bytes[offset + index] }
    offset += count
    return count
  }
}

/// Records tags as text: `+Name a=1 b=2`, `+Name/` for empty elements, `-Name` for end tags.
struct TagRecorder: XMLTagHandler {
  var events: [String] = []
  var lines: [Int] = []

  mutating func start(_ tag: XMLTag) throws {
    var event = "+" + tag.name.string
    for attribute in tag.attributes {
      event += " \(tag.name(of: attribute).string)=\(tag.value(of: attribute).string)"
    }
    events.append(tag.isSelfClosing ? event + "/" : event)
    lines.append(tag.line)
  }

  mutating func end(_ name: XMLBytes) throws {
    events.append("-" + name.string)
  }
}

func scan(_ text: String, chunk: Int = 3) throws -> TagRecorder {
  var recorder = TagRecorder()
  try XMLScanner(source: ChunkedSource(text, chunk: chunk), path: "test.xml").scan(into: &recorder)
  return recorder
}

@Suite struct XMLScannerTests {
  @Test(arguments: [1, 2, 3, 7, 64, 1 << 20])
  func tagsAcrossChunkBoundariesAreReadWhole(chunk: Int) throws {
    let text = """
      <?xml version="1.0"?>
      <!-- a comment with <Record> inside -->
      <HealthData locale="en_US">
        <Record type="A" value='2'>
          <MetadataEntry key="k" value="v"/>
        </Record>
      </HealthData>
      """
    let recorder = try scan(text, chunk: chunk)
    #expect(
      recorder.events == [
        "+HealthData locale=en_US", "+Record type=A value=2", "+MetadataEntry key=k value=v/", "-Record",
        "-HealthData",
      ])
  }

  @Test func internalDTDIsSkippedEvenWhenADeclarationLacksItsClosingBracket() throws {
    let text = """
      <!DOCTYPE HealthData [
      <!ATTLIST VisionPrescription
        type CDATA #REQUIRED
        brand CDATA #IMPLIED
      <!ELEMENT RightEye EMPTY>
      ]>
      <HealthData><Record type="A"/></HealthData>
      """
    #expect(try scan(text).events == ["+HealthData", "+Record type=A/", "-HealthData"])
  }

  @Test func attributeNamesWithSpacesAreKept() throws {
    let recorder = try scan(#"<Record type="BMI" Health Mate App Version="2.16.0" value="22"/>"#)
    #expect(recorder.events == ["+Record type=BMI Health Mate App Version=2.16.0 value=22/"])
  }

  @Test func entitiesAndCharacterReferencesAreDecoded() throws {
    let recorder = try scan(#"<R a="Sam&#8217;s&#160;Watch" b="&lt;&lt;x&gt;&amp;&quot;&apos;" c="&#x41;&unknown;"/>"#)
    #expect(recorder.events == ["+R a=Sam’s\u{A0}Watch b=<<x>&\"' c=A&unknown;/"])
  }

  @Test func controlCharactersInValuesAreDropped() throws {
    let recorder = try scan("<R a=\"Sam\u{0B}s iPhone\" b=\"x&#11;y\"/>")
    #expect(recorder.events == ["+R a=Sams iPhone b=xy/"])
  }

  @Test func aBareWordBeforeTheEndOfAnEmptyTagKeepsItEmpty() throws {
    let recorder = try scan(#"<A><R type="x" odd/><R type="y"/></A>"#)
    #expect(recorder.events == ["+A", "+R type=x/", "+R type=y/", "-A"])
  }

  @Test func quotedGreaterThanDoesNotEndATag() throws {
    let recorder = try scan(#"<R a="1 > 0" b='say "hi"'/>"#)
    #expect(recorder.events == [#"+R a=1 > 0 b=say "hi"/"#])
  }

  @Test func lineNumbersCountNewlinesBeforeEachTag() throws {
    let text = "<A>\n\n<B/>\n<C\n  x=\"1\"/>\n</A>"
    for chunk in [1, 4, 100] {
      #expect(try scan(text, chunk: chunk).lines == [1, 3, 4])
    }
  }

  @Test func inputEndingInsideATagIsReportedWithItsOffset() throws {
    let text = "<HealthData>\n<Record type=\"A\" value=\"1"
    #expect(throws: ImportError.truncatedXML(path: "test.xml", offset: 13, line: 2)) {
      try scan(text, chunk: 5)
    }
  }

  @Test func newlineCountingMatchesANaiveCount() {
    // Every byte value, with plenty of 0x8A, which must not count as a newline (0x0A).
    var generator = SeededGenerator(seed: 7)
    let bytes = (0..<4_003).map { index in index % 5 == 0 ? 0x8A : UInt8.random(in: 0...255, using: &generator) }
    let naive = bytes.filter { $0 == 0x0A }.count
    let counted = bytes.withUnsafeBufferPointer { LineCounter.countNewlines($0.baseAddress!, $0.count) }
    #expect(counted == naive)
  }
}
