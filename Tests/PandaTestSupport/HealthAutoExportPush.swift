/// The JSON bodies Health Auto Export pushes, for the receiver's tests.
enum HealthAutoExportPush {
  /// A push of one metric's points (each a JSON object such as `{"date": …, "qty": 5}`).
  static func metric(_ name: String, units: String = "count", points: [String]) -> String {
    #"{"data": {"metrics": [{"name": "\#(name)", "units": "\#(units)", "data": [\#(points.joined(separator: ", "))]}]}}"#
  }
}
