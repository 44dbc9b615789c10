/// What panda says for one claim: the claim as the model sent it, and either panda's sentence
/// with the figure behind it, or the reason panda could not compute it.
public struct ClaimAnswer: Sendable, Equatable {
  /// The claim as the model sent it.
  public var claim: JSONValue
  /// panda's sentence; `nil` when the claim was refused.
  public var sentence: String?
  /// The figure the sentence states, in `unit` (the catalogue's unit), when it has one.
  public var value: Double?
  /// The unit of `value`.
  public var unit: String?
  /// The first day the figure covers.
  public var from: CalendarDay?
  /// The last day the figure covers.
  public var to: CalendarDay?
  /// The days with data the figure was computed from.
  public var days: Int?
  /// Why the claim was not computed; `nil` when it was.
  public var reason: String?

  /// A computed claim.
  static func computed(
    _ claim: JSONValue, sentence: String, value: Double? = nil, unit: String? = nil, days range: DayRange? = nil,
    count: Int? = nil
  ) -> ClaimAnswer {
    ClaimAnswer(
      claim: claim, sentence: sentence, value: value, unit: unit, from: range?.first, to: range?.last, days: count,
      reason: nil)
  }

  /// A refused claim.
  static func refused(_ claim: JSONValue, reason: String) -> ClaimAnswer {
    ClaimAnswer(claim: claim, sentence: nil, value: nil, unit: nil, from: nil, to: nil, days: nil, reason: reason)
  }
}
