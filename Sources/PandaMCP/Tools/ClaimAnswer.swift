import PandaCore

/// What panda says for one claim: the claim as the model sent it, and either panda's sentence
/// with the figure behind it, or the reason panda could not compute it.
package struct ClaimAnswer: Sendable, Equatable {
  /// The claim as the model sent it.
  var claim: JSONValue
  /// panda's sentence; `nil` when the claim was refused.
  var sentence: String?
  /// The figure the sentence states, in `unit` (the catalogue's unit), when it has one.
  var value: Double?
  /// The unit of `value`.
  var unit: String?
  /// The first day the figure covers.
  var from: CalendarDay?
  /// The last day the figure covers.
  var to: CalendarDay?
  /// The days with data the figure was computed from.
  var days: Int?
  /// Why the claim was not computed; `nil` when it was.
  var reason: String?

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

  /// Creates a value from its stored properties.
  init(
    claim: JSONValue, sentence: String? = nil, value: Double? = nil, unit: String? = nil, from: CalendarDay? = nil,
    to: CalendarDay? = nil, days: Int? = nil, reason: String? = nil
  ) {
    self.claim = claim
    self.sentence = sentence
    self.value = value
    self.unit = unit
    self.from = from
    self.to = to
    self.days = days
    self.reason = reason
  }
}
