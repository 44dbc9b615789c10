import Testing

@testable import PandaReceive
@testable import PandaTestSupport

@Suite struct ListenAddressTests {
  @Test(arguments: [
    ("127.0.0.1:8080", "127.0.0.1", 8080), ("[::1]:80", "::1", 80), ("localhost:0", "localhost", 0),
    (":9000", "", 9000), ("0.0.0.0:65535", "0.0.0.0", 65_535),
  ])
  func hostAndPortAreRead(text: String, host: String, port: Int) {
    #expect(ListenAddress.parse(text) == ListenAddress(host: host, port: port))
  }

  @Test(arguments: ["8080", "127.0.0.1", "127.0.0.1:", "127.0.0.1:65536", "::1:80", "host:-1", "a b:80", "h:8o"])
  func whatIsNotHostColonPortIsRefused(text: String) {
    #expect(ListenAddress.parse(text) == nil)
  }

  @Test(arguments: [("127.0.0.1:1", true), ("127.9.8.7:1", true), ("[::1]:1", true), ("localhost:1", true)])
  func loopbackAddressesAreLoopback(text: String, isLoopback: Bool) throws {
    #expect(try #require(ListenAddress.parse(text)).isLoopback == isLoopback)
  }

  @Test(arguments: ["0.0.0.0:1", ":1", "[::]:1", "192.168.1.10:1", "[::ffff:127.0.0.1]:1"])
  func everyOtherAddressIsNot(text: String) throws {
    #expect(try #require(ListenAddress.parse(text)).isLoopback == false)
  }
}
