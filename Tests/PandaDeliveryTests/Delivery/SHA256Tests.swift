import Foundation
import Testing

@testable import PandaDelivery
@testable import PandaTestSupport

/// Hex text of bytes, for comparing digests with the published vectors.
func hex(_ bytes: [UInt8]) -> String {
  bytes.map { String(format: "%02x", $0) }.joined()
}

@Test(arguments: [
  ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
  ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
  (
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
  ),
  (
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
    "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
  ),
])
func sha256MatchesFIPS180Vectors(message: String, digest: String) {
  #expect(hex(SHA256.hash(Array(message.utf8))) == digest)
}

@Test func sha256OfAMillionAsMatchesFIPS180() {
  let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
  #expect(hex(SHA256.hash(message)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
}

@Test func hmacMatchesRFC4231Vectors() {
  #expect(
    hex(HMACSHA256.authenticationCode(for: Array("Hi There".utf8), key: [UInt8](repeating: 0x0b, count: 20)))
      == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
  #expect(
    hex(HMACSHA256.authenticationCode(for: Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8)))
      == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
  #expect(
    hex(
      HMACSHA256.authenticationCode(
        for: [UInt8](repeating: 0xdd, count: 50), key: [UInt8](repeating: 0xaa, count: 20)))
      == "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe")
  // A key longer than a block is hashed first (test case 6).
  #expect(
    hex(
      HMACSHA256.authenticationCode(
        for: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
        key: [UInt8](repeating: 0xaa, count: 131)))
      == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
}
