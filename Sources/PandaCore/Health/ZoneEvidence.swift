/// What the data says about the time zone its person lives in: the UTC offsets its dates were
/// written with, and the zone names its records carry (`HKTimeZone` metadata).
package struct ZoneEvidence: Sendable, Equatable {
  /// A date written with an offset: at `instant` (seconds since 1970), the clock that wrote it
  /// stood `seconds` east of UTC.
  package struct Offset: Sendable, Hashable {
    package var instant: Int64
    package var seconds: Int

    package init(instant: Int64, seconds: Int) {
      self.instant = instant
      self.seconds = seconds
    }

    /// The UTC day the instant falls on, as days since 1970-01-01.
    package var utcDay: Int64 { instant >= 0 ? instant / 86_400 : (instant - 86_399) / 86_400 }
  }

  /// Offsets at instants, at most one per UTC day and offset.
  package var offsets: [Offset]
  /// Zone names and how many records carried each.
  package var names: [String: Int]

  package init(offsets: [Offset] = [], names: [String: Int] = [:]) {
    self.offsets = offsets
    self.names = names
  }

  /// Whether there is nothing to go on.
  package var isEmpty: Bool { offsets.isEmpty && names.isEmpty }

  /// This evidence and `other`'s: one offset per UTC day and offset (the earlier instant kept),
  /// and for each name the larger count, since a newer export repeats the records of an older one.
  func merged(with other: ZoneEvidence) -> ZoneEvidence {
    var byDay: [Key: Int64] = [:]
    for offset in offsets + other.offsets {
      let key = Key(day: offset.utcDay, seconds: offset.seconds)
      byDay[key] = min(byDay[key] ?? offset.instant, offset.instant)
    }
    let offsets = byDay.map { Offset(instant: $0.value, seconds: $0.key.seconds) }.sorted {
      ($0.instant, $0.seconds) < ($1.instant, $1.seconds)
    }
    return ZoneEvidence(offsets: offsets, names: names.merging(other.names, uniquingKeysWith: max))
  }

  /// What an Apple Health export's offsets say. The Health app writes every date with the offset
  /// the phone had when the export was made, even across daylight-saving changes, so when every
  /// record carries the export's own offset, all they say is that offset at `exportDate`. Offsets
  /// that differ from it were written date by date (another writer, an older phone), and each
  /// counts on its own date.
  package static func ofExport(records: [Offset], exportDate: Offset?) -> [Offset] {
    guard let exportDate else { return records }
    guard records.contains(where: { $0.seconds != exportDate.seconds }) else { return [exportDate] }
    return records + [exportDate]
  }

  /// A UTC day and an offset.
  struct Key: Hashable {
    package var day: Int64
    package var seconds: Int

    /// Creates a value from its stored properties.
    init(day: Int64, seconds: Int) {
      self.day = day
      self.seconds = seconds
    }
  }
}

extension ZoneEvidence {
  /// Collects the distinct (UTC day, offset) pairs of the dates read, cheaply: consecutive
  /// records mostly share both, and only a new pair is looked up. Memory is bounded by the days
  /// the data spans.
  package struct Collector {
    private var seen: [Key: Int64] = [:]
    private var last = Key(day: .min, seconds: 0)
    /// Zone names and how many records carried each.
    package private(set) var names: [String: Int] = [:]

    /// Notes that a date at `instant` was written with `seconds` east of UTC.
    package mutating func note(instant: Int64, seconds: Int) {
      let key = Key(day: Offset(instant: instant, seconds: seconds).utcDay, seconds: seconds)
      guard key != last else { return }
      last = key
      if seen[key] == nil { seen[key] = instant }
    }

    /// Notes a record that names its zone.
    package mutating func note(name: String) {
      names[name, default: 0] += 1
    }

    /// The offsets noted, one per UTC day and offset, in time order.
    package var offsets: [Offset] {
      seen.map { Offset(instant: $0.value, seconds: $0.key.seconds) }.sorted {
        ($0.instant, $0.seconds) < ($1.instant, $1.seconds)
      }
    }

    /// Creates a value with every stored property at its initial value.
    package init() {}
  }
}
