import Foundation
import PandaCore

/// Reads amounts as people type them (`500ml`, `0.75 L`, `16 fl oz`, `11 st 6 lb`, `1h30`,
/// `120/80`) into a type's unit, and refuses what is not plausible.
package enum QuantityParser {
  /// The value of `text` in `type.unit`; for blood pressure, the systolic value and the diastolic.
  package static func parse(_ text: String, as type: LogType) throws(TrackingError) -> (value: Double, second: Double?)
  {
    if type.shape == .pressure { return try pressure(text, type: type) }
    // Conversions leave binary dust (72.57477920000001 kg); a millionth of the unit is plenty.
    let amount = try amount(text, type: type)
    var value = (amount.value * 1e6).rounded() / 1e6
    guard value > 0 else { throw .notPositive(text, type: type.name) }
    if amount.pointBeforeThree {
      // `1.500 ml` is 1.5 mL with a decimal point, 1500 mL with a European thousands point: take
      // the one reading that is plausible, and ask when both are.
      let thousands = (value * 1_000 * 1e6).rounded() / 1e6
      switch (type.range.contains(value), type.range.contains(thousands)) {
      case (true, true):
        throw .ambiguousPoint(
          text, decimal: MetricFormatter.decimal(value, places: 6),
          thousands: MetricFormatter.decimal(thousands, places: 6), unit: type.unit)
      case (false, true): value = thousands
      default: break
      }
    }
    guard type.range.contains(value) else {
      // `1,500 L` is 1500 L, not one and a half: say how the comma was read.
      if let grouped = amount.grouped {
        throw .implausibleThousands(
          text, type: type.name, grouped: grouped, range: rangeText(type.range, unit: type.unit))
      }
      throw .implausible(text, type: type.name, range: rangeText(type.range, unit: type.unit))
    }
    return (value, nil)
  }

  /// `a to b unit`, for messages.
  static func rangeText(_ range: ClosedRange<Double>, unit: String) -> String {
    "\(MetricFormatter.decimal(range.lowerBound, places: 2)) to \(MetricFormatter.decimal(range.upperBound, places: 2)) \(unit)"
  }

  private static func pressure(_ text: String, type: LogType) throws(TrackingError) -> (value: Double, second: Double?)
  {
    var body = text.lowercased().trimmingCharacters(in: .whitespaces)
    if body.hasSuffix("mmhg") { body = String(body.dropLast(4)).trimmingCharacters(in: .whitespaces) }
    let parts = body.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let systolic = number(parts[0].trimmingCharacters(in: .whitespaces)),
      let diastolic = number(parts[1].trimmingCharacters(in: .whitespaces))
    else { throw .unreadableQuantity(text, type: type.name, examples: type.examples) }
    guard type.range.contains(systolic), LogType.diastolicRange.contains(diastolic), systolic > diastolic else {
      throw .implausible(
        text, type: type.name,
        range: "a systolic \(rangeText(type.range, unit: "mmHg")) above a diastolic "
          + rangeText(LogType.diastolicRange, unit: "mmHg"))
    }
    return (systolic, diastolic)
  }

  /// Adds up `number unit` pieces; a bare number is in the type's unit when alone, or in the
  /// follower unit after a compound's first piece (`11 st 6`, `1h30`).
  private static func amount(_ text: String, type: LogType) throws(TrackingError) -> (
    value: Double, grouped: String?, pointBeforeThree: Bool
  ) {
    let unreadable = TrackingError.unreadableQuantity(text, type: type.name, examples: type.examples)
    let pieces = try split(text, unreadable: unreadable)
    guard !pieces.isEmpty else { throw unreadable }
    var total = 0.0
    var previousUnit: String?
    for (index, piece) in pieces.enumerated() {
      let unit: String
      if let named = piece.unit {
        unit = named
      } else if pieces.count == 1 {
        unit = type.unit.lowercased()
      } else if index == pieces.count - 1, let previousUnit, let follower = type.followers[previousUnit] {
        unit = follower
      } else {
        throw unreadable
      }
      guard let factor = type.units[unit] ?? (unit == type.unit.lowercased() ? 1 : nil) else { throw unreadable }
      if piece.negative { throw TrackingError.notPositive(text, type: type.name) }
      total += piece.number * factor
      previousUnit = unit
    }
    return (total, pieces.compactMap(\.grouped).first, pieces.count == 1 && pieces[0].pointBeforeThree)
  }

  private struct Piece {
    var number: Double
    var unit: String?
    var negative: Bool
    /// The number as typed when its commas were read as thousands separators (`1,500`).
    var grouped: String?
    /// Whether the number is written like `1.500`: one to three digits, a point, three digits,
    /// which reads as a decimal here and as thousands in much of Europe.
    var pointBeforeThree = false
  }

  private static func split(_ text: String, unreadable: TrackingError) throws(TrackingError) -> [Piece] {
    // "fl oz" is the one unit written with a space; "oz" alone means fluid ounces for water.
    var normalized = text.lowercased()
    for spelling in ["fl. oz.", "fl. oz", "fl oz", "fl.oz", "oz"] {
      normalized = normalized.replacingOccurrences(of: spelling, with: "floz")
    }
    normalized = normalized.replacingOccurrences(of: "flfloz", with: "floz")
    let scalars = Array(normalized.unicodeScalars)
    var pieces: [Piece] = []
    var index = 0
    func skipSpaces() { while index < scalars.count, scalars[index] == " " { index += 1 } }
    skipSpaces()
    while index < scalars.count {
      var negative = false
      if scalars[index] == "-" {
        negative = true
        index += 1
      } else if scalars[index] == "+" {
        index += 1
      }
      var digits = ""
      while index < scalars.count,
        CharacterSet.decimalDigits.contains(scalars[index]) || scalars[index] == "." || scalars[index] == ","
      {
        digits.unicodeScalars.append(scalars[index])
        index += 1
      }
      guard let (number, grouped) = commaNumber(digits) else { throw unreadable }
      skipSpaces()
      var unit = ""
      while index < scalars.count, CharacterSet.letters.contains(scalars[index]) || scalars[index] == "%" {
        unit.unicodeScalars.append(scalars[index])
        index += 1
      }
      if unit.hasSuffix(".") { unit.removeLast() }
      let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
      let pointBeforeThree =
        parts.count == 2 && (1...3).contains(parts[0].count) && parts[0].first != "0" && parts[1].count == 3
        && !digits.contains(",")
      pieces.append(
        Piece(
          number: number, unit: unit.isEmpty ? nil : unit, negative: negative, grouped: grouped ? digits : nil,
          pointBeforeThree: pointBeforeThree))
      skipSpaces()
    }
    return pieces
  }

  /// A number whose commas separate thousands (`1,500`, `12,000.5`: a first group of one to three
  /// digits not starting with 0, then groups of exactly three) or stand for a decimal point (`1,5`,
  /// `0,750`); `grouped` tells which.
  package static func commaNumber(_ text: String) -> (value: Double, grouped: Bool)? {
    guard text.contains(",") else { return number(text).map { ($0, false) } }
    let whole = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let groups = whole[0].split(separator: ",", omittingEmptySubsequences: false)
    if groups.count >= 2, !whole[whole.count - 1].contains(",") || whole.count == 1, let first = groups.first,
      (1...3).contains(first.count), first.first != "0", groups.dropFirst().allSatisfy({ $0.count == 3 })
    {
      return number(text.replacingOccurrences(of: ",", with: "")).map { ($0, true) }
    }
    guard !text.contains("."), groups.count == 2 else { return nil }
    return number(text.replacingOccurrences(of: ",", with: ".")).map { ($0, false) }
  }

  private static func number(_ text: String) -> Double? {
    guard !text.isEmpty, text.filter({ $0 == "." }).count <= 1, let value = Double(text), value.isFinite else {
      return nil
    }
    return value
  }
}
