/// A setting panda refuses; the message says what would be accepted.
package enum SettingsError: Error, Equatable, CustomStringConvertible {
  case unknownKey(String, suggestion: String?)
  /// `value` is `nil` for a secret, which is never repeated back.
  case invalidValue(key: String, value: String?, accepted: String)
  case unwritable(path: String, reason: String)

  package var description: String {
    switch self {
    case .unknownKey(let key, let suggestion?):
      "unknown setting '\(key)': did you mean \(suggestion)? ('panda config list' shows them all)"
    case .unknownKey(let key, nil): "unknown setting '\(key)': 'panda config list' shows the settings panda knows"
    case .invalidValue(let key, let value?, let accepted): "\(key) cannot be '\(value)': expected \(accepted)"
    case .invalidValue(let key, nil, let accepted): "\(key) cannot be the value given (not shown): expected \(accepted)"
    case .unwritable(let path, let reason): "cannot write the settings file \(path): \(reason)"
    }
  }
}
