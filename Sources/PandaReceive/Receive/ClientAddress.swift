import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a connection comes from, as `ReceiveServer` shares its slots out: an IPv4 address, or
/// an IPv6 address's /64 network (one host may hold a whole /64). An IPv4 address mapped into
/// IPv6 (`::ffff:192.0.2.1`) is the IPv4 address.
struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
  /// `127.0.0.1`, `2001:db8:1:2::/64`, or `unknown` when the system gave no address.
  let description: String

  /// The address of a peer as `accept` wrote it.
  init(_ storage: sockaddr_storage) {
    var copy = storage
    let family = Int32(storage.ss_family)
    description = withUnsafePointer(to: &copy) { pointer -> String in
      if family == AF_INET {
        return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
          var bytes = address.pointee.sin_addr
          return Self.text(family: AF_INET, &bytes, length: Int(INET_ADDRSTRLEN))
        }
      }
      guard family == AF_INET6 else { return "unknown" }
      return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
        var bytes = address.pointee.sin6_addr
        let raw = withUnsafeBytes(of: &bytes) { Array($0) }
        // ::ffff:a.b.c.d: an IPv4 client of a dual-stack socket.
        if raw[0..<10].allSatisfy({ $0 == 0 }) && raw[10] == 0xFF && raw[11] == 0xFF {
          return raw[12...].map(String.init).joined(separator: ".")
        }
        // The /64 network: the interface part zeroed.
        withUnsafeMutableBytes(of: &bytes) { for index in 8..<16 { $0[index] = 0 } }
        return Self.text(family: AF_INET6, &bytes, length: Int(INET6_ADDRSTRLEN)) + "/64"
      }
    }
  }

  /// An address given as text, for tests.
  init(text: String) {
    description = text
  }

  private static func text<Address>(family: Int32, _ address: inout Address, length: Int) -> String {
    var buffer = [CChar](repeating: 0, count: length + 1)
    guard inet_ntop(family, &address, &buffer, socklen_t(buffer.count)) != nil else { return "unknown" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
