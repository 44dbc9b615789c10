import Foundation
import PandaAnalysis
import PandaCore

/// Sets one Home Assistant sensor per metric through the REST API
/// (`POST <url>/api/states/sensor.panda_<metric>`), with the day the value belongs to as an
/// attribute, since Home Assistant stamps the state with the time it arrived. `token-env` names
/// the variable holding a long-lived access token.
struct HomeAssistantChannel {
  let transport: HTTPTransport
  let environment: [String: String]

  func send(_ message: OutboxMessage, to destination: Destination, now: Int64) async -> DeliveryResult {
    var bytes = 0
    do {
      let payload = try DeliveryPayload.decode(message.payload)
      var headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
      if let token = try destination.secret("token-env", in: environment) {
        headers.append(("Authorization", "Bearer \(token)"))
      }
      let base = destination.url.hasSuffix("/") ? String(destination.url.dropLast()) : destination.url
      var last = HTTPResponse(status: 200)
      if let alert = payload.alert {
        // A binary sensor, on while an early warning lasts: automations can act on it.
        let body = try Self.alertBody(alert)
        let response = try await transport.send(
          HTTPRequest(
            method: "POST", url: "\(base)/api/states/\(Self.alertEntityID)", headers: headers, body: body,
            timeoutMilliseconds: 30_000))
        return .http(response, bytes: body.count, now: now)
      }
      if payload.readings.isEmpty {
        // Nothing to set (a test message): check that the API answers and takes the token.
        last = try await transport.send(HTTPRequest(url: "\(base)/api/", headers: headers, timeoutMilliseconds: 30_000))
      }
      for reading in payload.readings {
        let body = try Self.stateBody(reading)
        let response = try await transport.send(
          HTTPRequest(
            method: "POST", url: "\(base)/api/states/\(Self.entityID(reading.metric))", headers: headers, body: body,
            timeoutMilliseconds: 30_000))
        bytes += body.count
        last = response
        guard (200..<300).contains(response.status) else { break }
      }
      return .http(last, bytes: bytes, now: now)
    } catch {
      return .failure(error, bytes: bytes)
    }
  }

  /// The binary sensor that is on while an early warning lasts.
  static let alertEntityID = "binary_sensor.panda_early_warning"

  /// The JSON body of the early-warning binary sensor's state.
  static func alertBody(_ alert: AlertNotice) throws -> Data {
    struct Body: Encodable {
      var state: String
      var attributes: [String: String]
    }
    let attributes = [
      "friendly_name": "panda early warning", "device_class": "problem", "start": alert.start.iso,
      "end": alert.end.iso, "sentence": alert.sentence, "level": alert.level.rawValue,
    ]
    return try JSONEncoder.sorted.encode(Body(state: alert.state == .started ? "on" : "off", attributes: attributes))
  }

  /// `sensor.panda_<metric>`, with anything but letters, digits and `_` replaced by `_`.
  static func entityID(_ metric: String) -> String {
    "sensor." + objectID(metric)
  }

  /// `panda_<metric>` in the characters Home Assistant allows in ids.
  static func objectID(_ metric: String) -> String {
    "panda_"
      + String(
        metric.lowercased().map { character in
          character.isASCII && (character.isLetter || character.isNumber) ? character : "_"
        })
  }

  /// The JSON body of one state.
  static func stateBody(_ reading: DeliveryPayload.Reading) throws -> Data {
    var attributes: [String: String] = [
      "unit_of_measurement": reading.unit, "friendly_name": "panda \(reading.name)",
      "state_class": reading.stateClass, "date": reading.date,
    ]
    attributes["assessment"] = reading.assessment
    attributes["sentence"] = reading.sentence
    struct Body: Encodable {
      var state: String
      var attributes: [String: String]
    }
    return try JSONEncoder.sorted.encode(Body(state: Self.stateText(reading.value), attributes: attributes))
  }

  /// A value as Home Assistant shows it: no trailing `.0`, at most two decimals.
  static func stateText(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
  }
}
