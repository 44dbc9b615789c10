extension String {
  /// The string with its first letter in upper case.
  package var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
