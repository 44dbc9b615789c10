/// MQTT 3.1.1 packets panda sends (CONNECT, PUBLISH at QoS 0 with retain, PINGREQ,
/// DISCONNECT), encoded as bytes. libcurl's MQTT support cannot set the retain flag.
enum MQTTPacket {
  /// A CONNECT with a clean session and, when given, a user name and password.
  static func connect(clientID: String, username: String?, password: String?, keepAlive: UInt16 = 30) -> [UInt8] {
    var flags: UInt8 = 0x02
    if username != nil { flags |= 0x80 }
    if password != nil { flags |= 0x40 }
    var body = string("MQTT") + [0x04, flags, UInt8(keepAlive >> 8), UInt8(keepAlive & 0xff)]
    body += string(clientID)
    if let username { body += string(username) }
    if let password { body += string(password) }
    return [0x10] + remainingLength(body.count) + body
  }

  /// A PUBLISH at QoS 0, retained when `retain` (first byte 0x31 rather than 0x30).
  static func publish(topic: String, payload: [UInt8], retain: Bool) -> [UInt8] {
    let body = string(topic) + payload
    return [retain ? 0x31 : 0x30] + remainingLength(body.count) + body
  }

  /// PINGREQ: the broker answers PINGRESP after handling every packet sent before it.
  static let pingRequest: [UInt8] = [0xc0, 0x00]
  /// PINGRESP as the broker sends it.
  static let pingResponse: [UInt8] = [0xd0, 0x00]
  /// DISCONNECT.
  static let disconnect: [UInt8] = [0xe0, 0x00]

  /// Why a broker refused a CONNECT, from the CONNACK return code; `nil` when it accepted.
  static func connackRefusal(_ bytes: [UInt8]) -> String? {
    guard bytes.count == 4, bytes[0] == 0x20, bytes[1] == 0x02 else { return "the broker did not answer with CONNACK" }
    switch bytes[3] {
    case 0: return nil
    case 1: return "the broker does not speak MQTT 3.1.1"
    case 2: return "the broker refused the client id"
    case 3: return "the broker is unavailable"
    case 4: return "the broker refused the user name or password"
    case 5: return "the broker refused: not authorized"
    default: return "the broker refused the connection (code \(bytes[3]))"
    }
  }

  /// The variable-length "remaining length" field.
  static func remainingLength(_ length: Int) -> [UInt8] {
    var value = length
    var bytes: [UInt8] = []
    repeat {
      var byte = UInt8(value % 128)
      value /= 128
      if value > 0 { byte |= 0x80 }
      bytes.append(byte)
    } while value > 0
    return bytes
  }

  /// A UTF-8 string with its two-byte length.
  static func string(_ text: String) -> [UInt8] {
    let bytes = Array(text.utf8)
    return [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xff)] + bytes
  }
}
