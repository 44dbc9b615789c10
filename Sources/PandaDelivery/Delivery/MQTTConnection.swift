import Foundation

#if canImport(Glibc)
  import Glibc
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
  private let systemSend = Glibc.send
  private let noSignal = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
  import Darwin
  private let streamSocket = SOCK_STREAM
  private let systemSend = Darwin.send
  private let noSignal: Int32 = 0
#endif

/// A plain TCP connection to an MQTT broker with send and receive timeouts. No TLS.
final class MQTTConnection {
  private let descriptor: Int32

  /// Connects to `host`:`port`, giving up after `timeoutSeconds` on any one step.
  init(host: String, port: Int, timeoutSeconds: Int) throws(MQTTError) {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = streamSocket
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
      throw .unreachable("cannot resolve \(host)")
    }
    defer { freeaddrinfo(list) }
    var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
    var candidate: UnsafeMutablePointer<addrinfo>? = first
    var lastError: Int32 = 0
    while let address = candidate {
      let socketDescriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
      if socketDescriptor >= 0 {
        setsockopt(socketDescriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socketDescriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
          var one: Int32 = 1
          setsockopt(socketDescriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        if connect(socketDescriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
          descriptor = socketDescriptor
          return
        }
        lastError = errno
        close(socketDescriptor)
      }
      candidate = address.pointee.ai_next
    }
    throw .unreachable("cannot connect to \(host):\(port): \(String(cString: strerror(lastError)))")
  }

  deinit {
    close(descriptor)
  }

  /// Writes all of `bytes`.
  func send(_ bytes: [UInt8]) throws(MQTTError) {
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { systemSend(descriptor, $0.baseAddress, $0.count, noSignal) }
      guard count > 0 else { throw .broken("the broker closed the connection while we were writing") }
      written += count
    }
  }

  /// Reads exactly `count` bytes.
  func receive(_ count: Int) throws(MQTTError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let read = bytes[filled...].withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      guard read > 0 else { throw .broken("the broker did not answer in time or closed the connection") }
      filled += read
    }
    return bytes
  }
}
