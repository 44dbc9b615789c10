import PandaCore

/// The stored export records of one type that an export lacks: deleted on the phone, or not
/// this phone's or this history's at all.
package struct MissingRecords: Codable, Equatable, Sendable {
  /// The HealthKit type (`HKQuantityTypeIdentifierBodyMass`).
  var type: String
  /// Stored records of the type the export lacks.
  var missing: Int
  /// Stored export records of the type, all dates.
  var stored: Int

  /// Whether the export lacks every stored record of the type: the whole metric would go.
  var isWhole: Bool { missing >= stored }

  /// The type's category.
  var category: HealthCategory { HealthCategory(typeIdentifier: type) }

  /// The type in words: the one metric it makes (`weight`), else its short identifier.
  package var name: String {
    let metrics = MetricCatalogue.all.filter { metric in metric.sources.contains { $0.type == type } }
    guard metrics.count == 1, let metric = metrics.first, let first = metric.name.first else {
      return HealthCategory.shortName(type)
    }
    return first.lowercased() + metric.name.dropFirst()
  }

  /// One type in words: "all 125 weight records", "3 of 1,204 steps records".
  var phrase: String {
    let records = missing == 1 && stored == 1 ? "record" : "records"
    if isWhole { return missing == 1 ? "the only \(name) record" : "all \(missing.grouped) \(name) \(records)" }
    return "\(missing.grouped) of \(stored.grouped) \(name) records"
  }

  /// The types by category, most first: "body measurements: all 125 weight records; activity:
  /// 3 of 1,204 steps records".
  package static func phrase(_ list: [MissingRecords]) -> String {
    let byCategory = Dictionary(grouping: list, by: \.category)
    return byCategory.keys.sorted { $0.sortIndex < $1.sortIndex }.map { category in
      let types = (byCategory[category] ?? []).sorted { ($0.missing, $1.type) > ($1.missing, $0.type) }
      return "\(category.displayName): " + types.map(\.phrase).joined(separator: ", ")
    }.joined(separator: "; ")
  }

  /// Creates a value from its stored properties.
  init(type: String, missing: Int, stored: Int) {
    self.type = type
    self.missing = missing
    self.stored = stored
  }
}
