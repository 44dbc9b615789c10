/// The samples an import into an empty database stores, kept in memory by type, so that their
/// daily values are computed without reading them back from SQLite.
///
/// A type is served only while every sample of it in the database is here: a batch in which
/// some sample was not stored (already there), or more samples than `capacity` in all, drops
/// the type for good, and its days are read from the database as usual. Rows come out in the
/// order the database's `samples_identity` index gives them, so either way the daily values
/// are the same.
package final class NewSampleCache {
  /// A stored sample, small: ids of sources and devices are small numbers.
  struct Row {
    var start: Int64
    var end: Int64
    /// `nil` as NaN with `hasValue` false.
    package var value: Double
    var source: Int32
    /// -1 when the sample names no device.
    var device: Int32
    /// An index into `categories`, or -1.
    var category: Int32
    var hasValue: Bool

    /// Creates a value from its stored properties.
    init(start: Int64, end: Int64, value: Double, source: Int32, device: Int32, category: Int32, hasValue: Bool) {
      self.start = start
      self.end = end
      self.value = value
      self.source = source
      self.device = device
      self.category = category
      self.hasValue = hasValue
    }
  }

  /// Rows held at most, in all types: 40 bytes each.
  let capacity: Int
  /// Each type's rows, whether they are in order, and whether the type was dropped.
  private var types: [(type: Int64, rows: [Row], isSorted: Bool, isDropped: Bool)] = []
  private var positions: [Int64: Int] = [:]
  /// The position in `types` of the type added last: samples come grouped by type.
  private var last: (type: Int64, position: Int)?
  private var count = 0
  private(set) var categories: [String] = []
  private var categoryIndex: [String: Int32] = [:]

  package init(capacity: Int = 300_000) {
    self.capacity = capacity
  }

  /// Adds a sample the database has just stored.
  package func add(
    type: Int64, start: Int64, end: Int64, source: Int64, device: Int64?, value: Double?, category: String?
  ) {
    let position = self.position(of: type)
    guard !types[position].isDropped else { return }
    guard count < capacity, let source = Int32(exactly: source), let device = Int32(exactly: device ?? -1) else {
      return drop(type)
    }
    let row = Row(
      start: start, end: end, value: value ?? .nan, source: source, device: device,
      category: category.map(index(of:)) ?? -1, hasValue: value != nil)
    count += 1
    if let previous = types[position].rows.last, !precedes(previous, row) { types[position].isSorted = false }
    types[position].rows.append(row)
  }

  /// Forgets a type: from now on its samples are read from the database.
  package func drop(_ type: Int64) {
    let position = self.position(of: type)
    count -= types[position].rows.count
    types[position].rows = []
    types[position].isDropped = true
  }

  /// The rows of `type` starting in `start..<end`, in index order; `nil` when the type was dropped.
  func rows(of type: Int64, from start: Int64, to end: Int64) -> ArraySlice<Row>? {
    guard let position = positions[type] else { return [] }
    guard !types[position].isDropped else { return nil }
    if !types[position].isSorted {
      types[position].rows.sort(by: precedes)
      types[position].isSorted = true
    }
    let all = types[position].rows
    return all[firstIndex(in: all, atOrAfter: start)..<firstIndex(in: all, atOrAfter: end)]
  }

  private func position(of type: Int64) -> Int {
    if let last, last.type == type { return last.position }
    let position: Int
    if let known = positions[type] {
      position = known
    } else {
      position = types.count
      types.append((type, [], true, false))
      positions[type] = position
    }
    last = (type, position)
    return position
  }

  private func firstIndex(in rows: [Row], atOrAfter instant: Int64) -> Int {
    var low = 0
    var high = rows.count
    while low < high {
      let middle = (low + high) / 2
      if rows[middle].start < instant { low = middle + 1 } else { high = middle }
    }
    return low
  }

  private func index(of category: String) -> Int32 {
    if let index = categoryIndex[category] { return index }
    let index = Int32(categories.count)
    categories.append(category)
    categoryIndex[category] = index
    return index
  }

  /// The index's order: start, end, source, `ifnull(value, '')` (a number before no number),
  /// `ifnull(category, '')` (bytes compared). The index is unique, so no two rows tie.
  private func precedes(_ a: Row, _ b: Row) -> Bool {
    if a.start != b.start { return a.start < b.start }
    if a.end != b.end { return a.end < b.end }
    if a.source != b.source { return a.source < b.source }
    if a.hasValue != b.hasValue { return a.hasValue }
    if a.hasValue && a.value != b.value { return a.value < b.value }
    if a.category != b.category {
      let left = a.category < 0 ? "" : categories[Int(a.category)]
      let right = b.category < 0 ? "" : categories[Int(b.category)]
      return left.utf8.lexicographicallyPrecedes(right.utf8)
    }
    return false
  }
}
