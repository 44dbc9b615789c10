import Testing

@testable import PandaReceive
@testable import PandaTestSupport

@Suite struct ByteSizeTests {
  @Test(arguments: [
    ("64MB", 64 << 20), ("500KB", 500 << 10), ("1048576", 1_048_576), ("2g", 2 << 30), ("1.5 MB", 3 << 19),
    ("10k", 10_240), ("512B", 512), (" 7 ", 7),
  ])
  func sizesAsPeopleWriteThemAreRead(text: String, bytes: Int) {
    #expect(ByteSize.parse(text) == bytes)
  }

  @Test(arguments: ["", "MB", "lots", "-5MB", "0", "0.1B", "1e9", "65GB", "12 parsecs", "١٢"])
  func whatIsNotASizeIsRefused(text: String) {
    #expect(ByteSize.parse(text) == nil)
  }

  @Test func theLogShowsOneDecimalFromAKilobyteUp() {
    #expect(ByteSize.text(812) == "812 B")
    #expect(ByteSize.text(1_258) == "1.2 KB")
    #expect(ByteSize.text(1_300_000) == "1.2 MB")
    #expect(ByteSize.text(3 << 30) == "3.0 GB")
  }
}
