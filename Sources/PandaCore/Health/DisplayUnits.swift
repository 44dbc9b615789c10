/// The units values are shown in as text: the catalogue's own (metric), or imperial (`units =
/// imperial`: lb, mi, mph, fl oz, in). Stored values and JSON always keep the catalogue's.
///
/// Wrist temperature (`°C`) is not converted: it is a difference from the person's baseline,
/// which a Fahrenheit conversion with its offset would turn into nonsense.
package enum DisplayUnits: String, Sendable, Hashable, Codable {
  case metric, imperial

  /// An imperial unit: how many of it make one of the catalogue's, and the offset (none yet: a
  /// temperature would need one, and its differences none).
  private static let imperialUnits: [String: (unit: String, factor: Double, offset: Double)] = [
    "kg": ("lb", 1 / 0.45359237, 0), "km": ("mi", 1 / 1.609344, 0), "mL": ("fl oz", 1 / 29.5735295625, 0),
    "km/h": ("mph", 1 / 1.609344, 0), "cm": ("in", 1 / 2.54, 0),
  ]

  /// `value`, in the catalogue's `unit`, as shown, with the unit shown.
  package func converted(_ value: Double, unit: String) -> (value: Double, unit: String) {
    guard self == .imperial, let to = Self.imperialUnits[unit] else { return (value, unit) }
    return (value * to.factor + to.offset, to.unit)
  }

  /// A difference of two values in `unit` as shown: scaled, never offset.
  package func convertedDifference(_ value: Double, unit: String) -> (value: Double, unit: String) {
    guard self == .imperial, let to = Self.imperialUnits[unit] else { return (value, unit) }
    return (value * to.factor, to.unit)
  }

  /// The unit `unit` is shown in.
  package func unit(_ unit: String) -> String { converted(0, unit: unit).unit }

  /// `value` in the catalogue's `unit`, written as shown: `160.2 lb`, `16.9 fl oz`.
  package func string(_ value: Double, unit: String) -> String {
    let shown = converted(value, unit: unit)
    return MetricFormatter.string(shown.value, unit: shown.unit)
  }
}
