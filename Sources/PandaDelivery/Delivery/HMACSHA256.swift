/// HMAC-SHA256 (RFC 2104): the keyed digest Standard Webhooks signs with.
enum HMACSHA256 {
  /// The 32-byte authentication code of `message` under `key`.
  static func authenticationCode(for message: [UInt8], key: [UInt8]) -> [UInt8] {
    let blockSize = 64
    var block = key.count > blockSize ? SHA256.hash(key) : key
    block += [UInt8](repeating: 0, count: blockSize - block.count)
    let inner = SHA256.hash(block.map { $0 ^ 0x36 } + message)
    return SHA256.hash(block.map { $0 ^ 0x5c } + inner)
  }
}
