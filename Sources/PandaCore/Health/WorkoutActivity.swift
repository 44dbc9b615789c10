/// The name people use for a workout's activity type.
package enum WorkoutActivity {
  /// `HKWorkoutActivityTypeTraditionalStrengthTraining` → `traditional strength training`;
  /// `HKWorkoutActivityTypeHighIntensityIntervalTraining` → `high intensity interval training`.
  /// Runs of capitals stay together (`HIIT` → `hiit`); control characters come out escaped.
  package static func name(_ type: String) -> String {
    let prefix = "HKWorkoutActivityType"
    let short = type.hasPrefix(prefix) ? String(type.dropFirst(prefix.count)) : type
    var words: [String] = []
    var word = ""
    var previousWasUpper = false
    for character in short {
      if character.isUppercase && !word.isEmpty && !previousWasUpper {
        words.append(word)
        word = ""
      }
      word.append(character)
      previousWasUpper = character.isUppercase
    }
    if !word.isEmpty { words.append(word) }
    let name = words.map { $0.lowercased() }.joined(separator: " ")
    // A type read from a file or a push may hold control characters: printed escaped.
    return name.isEmpty ? "workout" : EchoedText.escaped(name)
  }
}
