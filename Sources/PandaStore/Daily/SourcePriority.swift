/// The order in which overlapping sources are trusted for cumulative quantities.
///
/// By default an Apple Watch comes first, then an iPhone, then other apps and devices, each
/// recognised from the sample's device string and source name. The user can name sources or
/// devices to put first (`--source-priority "Sam's Apple Watch,Withings"`); names are matched,
/// ignoring case, against the source name and the device's name and model.
package struct SourcePriority: Sendable, Equatable {
  /// Names to trust first, in order.
  let names: [String]

  init(names: [String] = []) {
    self.names = names.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
  }

  /// Parses a comma-separated list.
  package init(list: String) {
    self.init(names: list.split(separator: ",").map(String.init))
  }

  /// The list as it is remembered with daily values.
  package var fingerprint: String { names.joined(separator: ",") }

  /// The rank of a source (lower is preferred).
  func rank(sourceName: String, deviceName: String?, deviceModel: String?) -> Int {
    let candidates = [sourceName, deviceName, deviceModel].compactMap { $0?.lowercased() }
    if let index = names.firstIndex(where: { candidates.contains($0.lowercased()) }) {
      return index
    }
    return names.count + Self.defaultRank(sourceName: sourceName, deviceModel: deviceModel)
  }

  private static func defaultRank(sourceName: String, deviceModel: String?) -> Int {
    let model = deviceModel?.lowercased() ?? ""
    let source = sourceName.lowercased()
    if model.contains("watch") || model.isEmpty && source.contains("watch") { return 0 }
    if model.contains("iphone") || model.isEmpty && source.contains("iphone") { return 1 }
    return 2
  }
}
