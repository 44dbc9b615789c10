import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where `panda receive` listens: `HOST:PORT` as given to `--listen` (`127.0.0.1:8080`,
/// `[::1]:8080`, `localhost:8080`, `0.0.0.0:8080`, `:8080` for every address).
package struct ListenAddress: Sendable, Equatable {
  /// The host as written, without brackets; empty for every address.
  package var host: String
  /// The port; 0 asks the system for a free one.
  var port: Int

  /// The address `text` names, or `nil` when it is not `HOST:PORT` with a port from 0 to 65535.
  package static func parse(_ text: String) -> ListenAddress? {
    guard let colon = text.lastIndex(of: ":") else { return nil }
    var host = String(text[..<colon])
    let portText = text[text.index(after: colon)...]
    guard !portText.isEmpty, portText.allSatisfy(\.isASCII), portText.allSatisfy(\.isNumber),
      let port = Int(portText), (0...65_535).contains(port)
    else { return nil }
    if host.hasPrefix("[") && host.hasSuffix("]") {
      host = String(host.dropFirst().dropLast())
    } else if host.contains(":") {
      // An IPv6 address needs its brackets, or its last group reads as the port.
      return nil
    }
    guard !host.contains(where: { $0 == " " || $0 == "/" }) else { return nil }
    return ListenAddress(host: host, port: port)
  }

  /// Whether every address `host` resolves to is a loopback one (127.0.0.0/8 or ::1), so
  /// that only this machine can connect. An empty host (every address) is not.
  package var isLoopback: Bool {
    guard !host.isEmpty else { return false }
    let addresses = resolved()
    return !addresses.isEmpty && addresses.allSatisfy(Self.isLoopback)
  }

  /// `HOST:PORT` as given, with brackets around an IPv6 address.
  package var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

  /// The socket addresses to bind, as `getaddrinfo` gives them for a passive socket.
  package func resolved() -> [SocketAddress] {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_flags = AI_PASSIVE
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host.isEmpty ? nil : host, String(port), &hints, &list) == 0 else { return [] }
    defer { freeaddrinfo(list) }
    var addresses: [SocketAddress] = []
    var entry = list
    while let current = entry {
      if let address = current.pointee.ai_addr {
        addresses.append(
          SocketAddress(
            family: current.pointee.ai_family,
            bytes: Array(UnsafeRawBufferPointer(start: address, count: Int(current.pointee.ai_addrlen)))))
      }
      entry = current.pointee.ai_next
    }
    return addresses
  }

  private static func isLoopback(_ address: SocketAddress) -> Bool {
    address.withSockaddr { pointer, _ in
      switch Int32(pointer.pointee.sa_family) {
      case AF_INET:
        return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
          UInt32(bigEndian: $0.pointee.sin_addr.s_addr) >> 24 == 127
        }
      case AF_INET6:
        return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
          withUnsafeBytes(of: address.pointee.sin6_addr) { bytes in
            bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1
          }
        }
      default:
        return false
      }
    }
  }

  /// Creates a value from its stored properties.
  init(host: String, port: Int) {
    self.host = host
    self.port = port
  }
}

extension ListenAddress {
  /// A socket address as `getaddrinfo` returned it, kept as bytes so that it is a plain value.
  package struct SocketAddress: Sendable, Equatable {
    /// `AF_INET` or `AF_INET6`.
    var family: Int32
    /// The `sockaddr_in` or `sockaddr_in6`, byte for byte.
    var bytes: [UInt8]

    /// Calls `body` with the address as a `sockaddr` and its length.
    func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
      var storage = sockaddr_storage()
      let length = min(bytes.count, MemoryLayout<sockaddr_storage>.size)
      withUnsafeMutableBytes(of: &storage) { raw in
        for index in 0..<length { raw[index] = bytes[index] }
      }
      return withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(length)) }
      }
    }
  }
}
