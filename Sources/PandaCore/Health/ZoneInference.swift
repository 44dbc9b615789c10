import Foundation

/// Chooses the time zone days are counted in from what the data says (`ZoneEvidence`), for when
/// the person names none. A pure function: the machine's zone and the zones to choose from come
/// in as parameters.
///
/// A zone fits an offset when it had that offset at that instant. The zone chosen is the first,
/// in this order, that fits every offset: a zone the records name (most records first), the
/// machine's zone, the well-known zones of `preferred` in their order, then every other
/// `Area/City` zone by name. When none fits every offset (travel, a phone set by hand), the zone
/// that fits the most days' offsets is chosen, in the same order among equals, and the choice
/// says how many it fits. With names but no offsets, the most named zone is chosen.
package enum ZoneInference {
  /// The zone chosen and how well it fits.
  package struct Choice: Sendable, Equatable {
    /// The zone's identifier (`Europe/Paris`).
    package var identifier: String
    /// The days' offsets the zone fits, of `observed`.
    package var matched: Int
    /// The days' offsets seen.
    package var observed: Int

    package init(identifier: String, matched: Int, observed: Int) {
      self.identifier = identifier
      self.matched = matched
      self.observed = observed
    }

    /// Whether the zone fits every offset seen.
    var fitsEveryDate: Bool { matched == observed }
  }

  /// Zones preferred, in order, among those that fit equally well: the most widely used zone of
  /// each pattern of offsets first, so that +01:00 in winter and +02:00 in summer gives
  /// Europe/Paris and −07:00 all year gives America/Phoenix.
  static let preferred = [
    "America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles",
    "America/Anchorage", "Pacific/Honolulu", "America/Halifax", "America/St_Johns", "America/Puerto_Rico",
    "America/Mexico_City", "America/Bogota", "America/Lima", "America/Sao_Paulo", "America/Argentina/Buenos_Aires",
    "America/Santiago", "Europe/London", "Europe/Dublin", "Europe/Lisbon", "Europe/Paris", "Europe/Berlin",
    "Europe/Madrid", "Europe/Rome", "Europe/Amsterdam", "Europe/Athens", "Europe/Helsinki", "Europe/Istanbul",
    "Europe/Moscow", "Africa/Lagos", "Africa/Johannesburg", "Africa/Cairo", "Africa/Nairobi", "Asia/Dubai",
    "Asia/Tehran", "Asia/Karachi", "Asia/Kolkata", "Asia/Kathmandu", "Asia/Dhaka", "Asia/Bangkok", "Asia/Jakarta",
    "Asia/Shanghai", "Asia/Singapore", "Asia/Hong_Kong", "Asia/Tokyo", "Asia/Seoul", "Australia/Perth",
    "Australia/Darwin", "Australia/Adelaide", "Australia/Brisbane", "Australia/Sydney", "Pacific/Auckland", "UTC",
  ]

  /// The areas whose `Area/City` zones are considered after the preferred ones (not `Etc/`,
  /// `US/` or other aliases).
  private static let areas: Set<Substring> = [
    "Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific",
  ]

  /// The zone the evidence points to, or `nil` when there is no evidence or no zone fits any of it.
  package static func choose(
    _ evidence: ZoneEvidence, system: TimeZone, known: [String] = TimeZone.knownTimeZoneIdentifiers
  ) -> Choice? {
    let named = evidence.names.filter { $0.value > 0 }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
    let runs = runs(of: evidence.offsets)
    let observed = runs.reduce(0) { $0 + $1.days }
    guard observed > 0 else {
      return named.lazy.compactMap { TimeZone(identifier: $0) }.first.map {
        Choice(identifier: $0.identifier, matched: 0, observed: 0)
      }
    }
    let others = known.filter { name in
      name.split(separator: "/", maxSplits: 1).first.map { areas.contains($0) && name.contains("/") } ?? false
    }.sorted()
    var tried = Set<String>()
    var best: Choice?
    for name in named + [system.identifier] + preferred + others where tried.insert(name).inserted {
      guard let zone = TimeZone(identifier: name) else { continue }
      let matched = runs.reduce(0) { $0 + (fits(zone, $1) ? $1.days : 0) }
      if matched == observed { return Choice(identifier: name, matched: matched, observed: observed) }
      if matched > (best?.matched ?? 0) { best = Choice(identifier: name, matched: matched, observed: observed) }
    }
    return best
  }

  /// Whether `a` and `b` have the same offset at every instant from `start` through `end`: days
  /// counted in one are the days counted in the other.
  package static func agree(_ a: TimeZone, _ b: TimeZone, from start: Int64, through end: Int64) -> Bool {
    guard start <= end else { return true }
    var instant = start
    while true {
      let date = Date(timeIntervalSince1970: TimeInterval(instant))
      guard a.secondsFromGMT(for: date) == b.secondsFromGMT(for: date) else { return false }
      let next = [a.nextDaylightSavingTimeTransition(after: date), b.nextDaylightSavingTimeTransition(after: date)]
        .compactMap { $0.map { Int64($0.timeIntervalSince1970.rounded(.up)) } }.filter { $0 > instant }.min()
      guard let next, next <= end else { return true }
      instant = next
    }
  }

  /// Offsets on consecutive UTC days that are the same, from the first instant to the last.
  struct Run: Equatable {
    package var first: Int64
    package var last: Int64
    package var seconds: Int
    var days: Int
  }

  /// The offsets grouped into runs, in time order.
  static func runs(of offsets: [ZoneEvidence.Offset]) -> [Run] {
    var runs: [Run] = []
    var open: [Int: (run: Run, day: Int64)] = [:]
    for offset in offsets.sorted(by: { ($0.instant, $0.seconds) < ($1.instant, $1.seconds) }) {
      let day = offset.utcDay
      if var current = open[offset.seconds], day <= current.day + 1 {
        current.run.last = offset.instant
        if day > current.day { current.run.days += 1 }
        current.day = day
        open[offset.seconds] = current
        continue
      }
      if let finished = open[offset.seconds] { runs.append(finished.run) }
      open[offset.seconds] = (Run(first: offset.instant, last: offset.instant, seconds: offset.seconds, days: 1), day)
    }
    runs += open.values.map(\.run)
    return runs.sorted { ($0.first, $0.seconds) < ($1.first, $1.seconds) }
  }

  /// Whether `zone` had the run's offset all through it: at its first instant and after every
  /// change of offset up to its last.
  static func fits(_ zone: TimeZone, _ run: Run) -> Bool {
    var date = Date(timeIntervalSince1970: TimeInterval(run.first))
    while true {
      guard zone.secondsFromGMT(for: date) == run.seconds else { return false }
      guard let next = zone.nextDaylightSavingTimeTransition(after: date),
        next.timeIntervalSince1970 <= TimeInterval(run.last)
      else { break }
      date = next
    }
    return zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(run.last))) == run.seconds
  }
}
