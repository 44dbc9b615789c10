/// Where a sample came from: its source, the source's version and the device.
///
/// A class, so that the many records sharing an origin share one copy: the decoder hands out
/// the same instance for the same origin, and moving a record between threads retains one
/// reference instead of each of its strings.
final class SampleOrigin: Sendable {
  let sourceName: String
  let sourceVersion: String?
  let device: DeviceDescription?

  init(sourceName: String, sourceVersion: String? = nil, device: DeviceDescription? = nil) {
    self.sourceName = sourceName
    self.sourceVersion = sourceVersion
    self.device = device
  }

  /// Whether this origin has these parts.
  func matches(sourceName: String, sourceVersion: String?, device: DeviceDescription?) -> Bool {
    self.sourceName == sourceName && self.sourceVersion == sourceVersion && self.device?.key == device?.key
  }
}
