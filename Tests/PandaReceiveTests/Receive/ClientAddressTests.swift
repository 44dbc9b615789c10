import Foundation
import Testing

@testable import PandaReceive
@testable import PandaTestSupport

/// A client's address as the receiver shares its slots out: IPv4 as it is, IPv6 by its /64,
/// an IPv4 address mapped into IPv6 as the IPv4 address.
@Suite struct ClientAddressTests {
  static func storage(family: Int32, _ text: String) -> sockaddr_storage {
    var storage = sockaddr_storage()
    withUnsafeMutablePointer(to: &storage) { pointer in
      if family == AF_INET {
        pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
          address.pointee.sin_family = sa_family_t(AF_INET)
          _ = inet_pton(AF_INET, text, &address.pointee.sin_addr)
        }
      } else {
        pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
          address.pointee.sin6_family = sa_family_t(AF_INET6)
          _ = inet_pton(AF_INET6, text, &address.pointee.sin6_addr)
        }
      }
    }
    return storage
  }

  @Test func anIPv4AddressIsItself() {
    #expect(ClientAddress(Self.storage(family: AF_INET, "127.0.0.2")).description == "127.0.0.2")
  }

  @Test func anIPv6AddressCountsByItsSlash64() {
    let one = ClientAddress(Self.storage(family: AF_INET6, "2001:db8:1:2:3:4:5:6"))
    let other = ClientAddress(Self.storage(family: AF_INET6, "2001:db8:1:2:ffff:1:2:3"))
    #expect(one.description == "2001:db8:1:2::/64")
    #expect(one == other)
    #expect(one != ClientAddress(Self.storage(family: AF_INET6, "2001:db8:1:3::1")))
  }

  @Test func anIPv4AddressMappedIntoIPv6IsTheIPv4Address() {
    #expect(ClientAddress(Self.storage(family: AF_INET6, "::ffff:192.0.2.1")).description == "192.0.2.1")
  }
}
