extension Int {
  /// The number with thousands separators: `1,234,567`.
  package var grouped: String {
    let digits = String(magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return (self < 0 ? "-" : "") + result
  }

  /// The number, grouped, with the noun that fits it: `1 record`, `1,204 records`.
  package func counted(_ singular: String, _ plural: String) -> String {
    "\(grouped) \(self == 1 ? singular : plural)"
  }

  /// The number, grouped, with a noun that takes an "s" in the plural: `1 day`, `1,204 days`.
  package func counted(_ noun: String) -> String {
    counted(noun, noun + "s")
  }
}
