import Foundation

/// Publishes Home Assistant MQTT discovery: per metric a retained config at
/// `<discovery-prefix>/sensor/panda_<metric>/config` (all sensors grouped under one `panda`
/// device), a retained state at `<topic-prefix>/<metric>/state` and retained attributes (date,
/// assessment, sentence) at `<topic-prefix>/<metric>/attributes`. MQTT 3.1.1 over plain TCP at
/// QoS 0; a PINGREQ after the publishes confirms the broker handled them. `user-env` and
/// `password-env` name the credentials' variables.
struct MQTTChannel {
  let environment: [String: String]

  func send(_ message: OutboxMessage, to destination: Destination, now: Int64) async -> DeliveryResult {
    var bytes = 0
    do {
      let payload = try DeliveryPayload.decode(message.payload)
      guard let components = URLComponents(string: destination.url), components.scheme == "mqtt",
        let host = components.host, !host.isEmpty
      else {
        throw DeliveryError.invalidURL(destination.url, reason: "expected mqtt://host[:port] (TLS is not supported)")
      }
      let username = try destination.secret("user-env", in: environment)
      let password = try destination.secret("password-env", in: environment)
      let packets = try Self.publishes(
        payload, topicPrefix: destination.options["topic-prefix"] ?? "panda",
        discoveryPrefix: destination.options["discovery-prefix"] ?? "homeassistant")
      let connection = try MQTTConnection(host: host, port: components.port ?? 1883, timeoutSeconds: 15)
      try connection.send(
        MQTTPacket.connect(clientID: "panda-\(message.id.suffix(12))", username: username, password: password))
      if let refusal = MQTTPacket.connackRefusal(try connection.receive(4)) { throw MQTTError.refused(refusal) }
      for packet in packets {
        try connection.send(packet)
        bytes += packet.count
      }
      try connection.send(MQTTPacket.pingRequest)
      guard try connection.receive(2) == MQTTPacket.pingResponse else {
        throw MQTTError.broken("the broker answered something other than PINGRESP")
      }
      try connection.send(MQTTPacket.disconnect)
      return DeliveryResult(status: nil, accepted: true, bytes: bytes)
    } catch {
      return .failure(error, bytes: bytes)
    }
  }

  /// The retained PUBLISH packets: configs first, then states and attributes.
  static func publishes(_ payload: DeliveryPayload, topicPrefix: String, discoveryPrefix: String) throws -> [[UInt8]] {
    var configs: [[UInt8]] = []
    var states: [[UInt8]] = []
    if let alert = payload.alert {
      // A binary sensor, on while an early warning lasts, retained so Home Assistant sees it
      // after a restart.
      let base = "\(topicPrefix)/early_warning"
      let config = DiscoveryConfig(
        name: "Early warning", uniqueID: "panda_early_warning", stateTopic: "\(base)/state",
        jsonAttributesTopic: "\(base)/attributes", deviceClass: "problem", payloadOn: "ON", payloadOff: "OFF",
        defaultEntityID: "binary_sensor.panda_early_warning")
      configs.append(
        MQTTPacket.publish(
          topic: "\(discoveryPrefix)/binary_sensor/panda_early_warning/config",
          payload: Array(try JSONEncoder.sorted.encode(config)), retain: true))
      states.append(
        MQTTPacket.publish(
          topic: "\(base)/state", payload: Array((alert.state == .started ? "ON" : "OFF").utf8), retain: true))
      let attributes = [
        "start": alert.start.iso, "end": alert.end.iso, "sentence": alert.sentence, "level": alert.level.rawValue,
      ]
      states.append(
        MQTTPacket.publish(
          topic: "\(base)/attributes", payload: Array(try JSONEncoder.sorted.encode(attributes)), retain: true))
    }
    for reading in payload.readings {
      let objectID = HomeAssistantChannel.objectID(reading.metric)
      let base = "\(topicPrefix)/\(objectID.dropFirst("panda_".count))"
      let config = DiscoveryConfig(
        name: reading.name, uniqueID: objectID, stateTopic: "\(base)/state",
        jsonAttributesTopic: "\(base)/attributes", unitOfMeasurement: reading.unit, stateClass: reading.stateClass,
        defaultEntityID: "sensor.\(objectID)")
      configs.append(
        MQTTPacket.publish(
          topic: "\(discoveryPrefix)/sensor/\(objectID)/config", payload: Array(try JSONEncoder.sorted.encode(config)),
          retain: true))
      states.append(
        MQTTPacket.publish(
          topic: "\(base)/state", payload: Array(HomeAssistantChannel.stateText(reading.value).utf8), retain: true))
      var attributes = ["date": reading.date]
      attributes["assessment"] = reading.assessment
      attributes["sentence"] = reading.sentence
      states.append(
        MQTTPacket.publish(
          topic: "\(base)/attributes", payload: Array(try JSONEncoder.sorted.encode(attributes)), retain: true))
    }
    return configs + states
  }

  /// A sensor's or binary sensor's discovery config in Home Assistant's key names; a key without
  /// a value is left out.
  struct DiscoveryConfig: Encodable {
    struct Device: Encodable {
      var identifiers: [String]
      var name: String
      var manufacturer: String
    }
    var name: String
    var uniqueID: String
    var stateTopic: String
    var jsonAttributesTopic: String
    /// A sensor's unit and state class.
    var unitOfMeasurement: String? = nil
    var stateClass: String? = nil
    /// A binary sensor's class and the states that mean on and off.
    var deviceClass: String? = nil
    var payloadOn: String? = nil
    var payloadOff: String? = nil
    var device = Device(identifiers: ["panda"], name: "panda", manufacturer: "panda")
    var defaultEntityID: String

    enum CodingKeys: String, CodingKey {
      case name, device
      case uniqueID = "unique_id"
      case stateTopic = "state_topic"
      case jsonAttributesTopic = "json_attributes_topic"
      case unitOfMeasurement = "unit_of_measurement"
      case stateClass = "state_class"
      case deviceClass = "device_class"
      case payloadOn = "payload_on"
      case payloadOff = "payload_off"
      case defaultEntityID = "default_entity_id"
    }
  }
}
