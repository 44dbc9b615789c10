/// Why an MQTT exchange failed.
enum MQTTError: Error, CustomStringConvertible {
  case unreachable(String)
  case broken(String)
  case refused(String)

  var description: String {
    switch self {
    case .unreachable(let reason), .broken(let reason), .refused(let reason): reason
    }
  }
}
