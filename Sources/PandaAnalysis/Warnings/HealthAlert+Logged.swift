import PandaCore
import PandaStore

extension HealthAlert {
  /// Days before an alert's first day whose tags and symptoms it names: travel or a drink two
  /// evenings before shows in the signals the days after.
  package static let loggedLeadDays = 3

  /// The alert with the tags logged and symptoms recorded in its days (from `loggedLeadDays`
  /// before its start through its end) named after its sentence: "You logged travel on
  /// 2025-10-20, and Health has fever on 2025-10-22." They are listed in `logged` too, oldest
  /// first. Unchanged when there are none.
  package func naming(_ events: [DayEvent]) -> HealthAlert {
    let first = start.adding(days: -Self.loggedLeadDays)
    let inWindow = events.filter { $0.day >= first && $0.day <= end }
    guard !inWindow.isEmpty else { return self }
    var order: [String] = []
    var days: [String: [CalendarDay]] = [:]
    var phrases: [String: String] = [:]
    for event in inWindow.sorted(by: { ($0.day, $0.key) < ($1.day, $1.key) }) {
      if days[event.key] == nil { order.append(event.key) }
      days[event.key, default: []].append(event.day)
      phrases[event.key] = event.phrase
    }
    let parts = order.map { key in
      let dates = (days[key] ?? []).map(\.iso)
      let listed =
        dates.count <= 1 ? dates.joined() : dates.dropLast().joined(separator: ", ") + " and " + dates[dates.count - 1]
      return "\(phrases[key] ?? key) on \(listed)"
    }
    let named = parts.joined(separator: ", and ")
    var alert = self
    alert.sentence += " " + named.prefix(1).uppercased() + named.dropFirst() + "."
    alert.logged = inWindow.sorted { ($0.day, $0.kind.rawValue, $0.name) < ($1.day, $1.kind.rawValue, $1.name) }
    return alert
  }
}
