import Foundation

extension AnswerCheck {
  /// A date as an answer writes it: `2025-06-14`, `June 14`, `14 June 2025`, `Jun 14th`; the year
  /// may be left out.
  struct WrittenDate: Equatable {
    var year: Int?
    var month: Int
    var day: Int

    /// Whether `calendarDay` is this date.
    func matches(_ calendarDay: CalendarDay) -> Bool {
      let parts = calendarDay.components
      return parts.month == month && parts.day == day && (year == nil || parts.year == year)
    }
  }

  private static let months = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
    "december",
  ]

  private static func month(_ word: String) -> Int? {
    let lowered = word.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
    guard lowered.count >= 3 else { return nil }
    if let index = months.firstIndex(where: { $0 == lowered || ($0.hasPrefix(lowered) && lowered.count <= 4) }) {
      return index + 1
    }
    return lowered == "sept" ? 9 : nil
  }

  private static let patterns: [NSRegularExpression] = [
    #"\b(\d{4})-(\d{2})-(\d{2})\b"#,
    #"\b([A-Za-z]{3,9}\.?)\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4})\b)?"#,
    #"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([A-Za-z]{3,9})\b(?:,?\s+(\d{4})\b)?"#,
  ].compactMap { try? NSRegularExpression(pattern: $0) }

  /// The sentence with its dates taken out (so their parts are not read as figures), and the dates.
  static func withoutDates(_ sentence: String) -> (text: String, dates: [WrittenDate]) {
    var text = sentence
    var dates: [WrittenDate] = []
    for (index, pattern) in patterns.enumerated() {
      let source = text as NSString
      var replaced = text
      for match in pattern.matches(in: text, range: NSRange(location: 0, length: source.length)).reversed() {
        func group(_ number: Int) -> String? {
          let range = match.range(at: number)
          return range.location == NSNotFound ? nil : source.substring(with: range)
        }
        let date: WrittenDate?
        switch index {
        case 0:
          date = WrittenDate(
            year: group(1).flatMap { Int($0) }, month: group(2).flatMap { Int($0) } ?? 0,
            day: group(3).flatMap { Int($0) } ?? 0)
        case 1:
          date = month(group(1) ?? "").flatMap { month in
            group(2).flatMap { Int($0) }.map { WrittenDate(year: group(3).flatMap { Int($0) }, month: month, day: $0) }
          }
        default:
          date = month(group(2) ?? "").flatMap { month in
            group(1).flatMap { Int($0) }.map { WrittenDate(year: group(3).flatMap { Int($0) }, month: month, day: $0) }
          }
        }
        guard let date, (1...12).contains(date.month), (1...31).contains(date.day) else { continue }
        dates.append(date)
        let range = Range(match.range, in: replaced)
        if let range { replaced.replaceSubrange(range, with: "that day") }
      }
      text = replaced
    }
    return (text, dates)
  }
}
