import Foundation

/// The connections `ReceiveServer` turned away without reading a push (503 for want of a slot,
/// 408 for a head that did not arrive in time), counted so that they make one log line at most
/// every `interval` seconds, not one per connection: a crowd of clients cannot flood the log,
/// and is not silent either. Pure: the clock comes in as a parameter.
struct RefusalTally: Sendable {
  /// Why a connection was turned away.
  enum Reason: Int, CaseIterable, Sendable {
    /// Its address already held its share of the connections still sending their head.
    case addressFull
    /// The connections still sending their head were all taken.
    case serverFull
    /// Its address already had its share of the pushes read at once.
    case addressPushesFull
    /// Every thread reading a push was taken.
    case pushesFull
    /// Its request head did not arrive within the head timeout.
    case headTimeout
  }

  /// Addresses counted one by one; refusals of others are counted together.
  static let addressLimit = 1_000

  private let limits: ReceiveLimits
  private let interval: Double
  private var counts: [Reason: Int] = [:]
  private var byAddress: [ClientAddress: Int] = [:]
  private var otherAddresses = 0
  /// When the refusals not yet reported began.
  private var since: Date?
  /// When the last line was written.
  private var lastReport = Date.distantPast

  /// A tally worded with `limits`, reported at most every `interval` seconds.
  init(limits: ReceiveLimits, interval: Double) {
    self.limits = limits
    self.interval = interval
  }

  /// Refusals not yet reported.
  var pending: Int { counts.values.reduce(0, +) }

  /// Counts one refusal of a connection from `address` at `date`.
  mutating func note(_ reason: Reason, from address: ClientAddress, at date: Date) {
    if since == nil { since = date }
    counts[reason, default: 0] += 1
    if byAddress[address] != nil || byAddress.count < Self.addressLimit {
      byAddress[address, default: 0] += 1
    } else {
      otherAddresses += 1
    }
  }

  /// The line for the refusals counted since the last one, when there are some and `interval`
  /// has passed since the last line (or `force`, at shutdown); the counts then start again.
  mutating func report(at date: Date, force: Bool = false) -> String? {
    guard let since, force || date.timeIntervalSince(lastReport) >= interval else { return nil }
    let total = pending
    var reasons: [String] = []
    for reason in Reason.allCases {
      guard let count = counts[reason], count > 0 else { continue }
      reasons.append("\(count.grouped) \(phrase(reason))")
    }
    let top = byAddress.sorted { ($0.value, $1.key.description) > ($1.value, $0.key.description) }.prefix(3)
    var addresses = top.map { "\($0.key) \($0.value.grouped)" }
    let shown = top.map(\.value).reduce(0, +)
    if total > shown { addresses.append("others \((total - shown).grouped)") }
    let line =
      PushLog.note(
        at: date,
        "refused \(total.grouped) \(total == 1 ? "connection" : "connections") since \(PushLog.timestamp(since)): "
          + reasons.joined(separator: ", ") + "; from " + addresses.joined(separator: ", "))
    counts = [:]
    byAddress = [:]
    otherAddresses = 0
    self.since = nil
    lastReport = date
    return line
  }

  private func phrase(_ reason: Reason) -> String {
    switch reason {
    case .addressFull: "answered 503 (over \(limits.maximumWaitingPerAddress) connections from one address)"
    case .serverFull: "answered 503 (over \(limits.maximumWaiting) connections in all)"
    case .addressPushesFull: "answered 503 (over \(limits.maximumConnectionsPerAddress) pushes from one address)"
    case .pushesFull: "answered 503 (over \(limits.maximumConnections) pushes in all)"
    case .headTimeout: "answered 408 (no request head within \(Self.seconds(limits.headerTimeout)))"
    }
  }

  private static func seconds(_ value: Double) -> String {
    value >= 1 ? "\(Int(value)) s" : String(format: "%.1f s", value)
  }
}
