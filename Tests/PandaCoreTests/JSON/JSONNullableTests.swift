import Foundation
import Testing

@testable import PandaCore
@testable import PandaStore
@testable import PandaTestSupport

@Suite struct JSONNullableTests {
  struct Row: Encodable {
    var name: String
    @JSONNullable var note: String?
    var plain: String?
  }

  @Test func anAbsentValueIsWrittenAsNullWhereAPlainOptionalLeavesItsKeyOut() throws {
    #expect(
      try JSONOutput.string(Row(name: "a", note: nil, plain: nil)) == "{\n  \"name\" : \"a\",\n  \"note\" : null\n}")
  }

  @Test func aPresentValueIsWrittenAsItself() throws {
    let text = try JSONOutput.string(Row(name: "a", note: "b", plain: "c"))
    #expect(text == "{\n  \"name\" : \"a\",\n  \"note\" : \"b\",\n  \"plain\" : \"c\"\n}")
  }
}
