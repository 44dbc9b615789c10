/// The prompt templates in this folder, compiled into the binary.
public enum BuiltInPrompts {
  /// File names and their built-in text.
  public static let builtIn: [String: String] = [
    "system.md": String(decoding: PackageResources.system_md, as: UTF8.self),
    "daily.md": String(decoding: PackageResources.daily_md, as: UTF8.self),
    "weekly.md": String(decoding: PackageResources.weekly_md, as: UTF8.self),
    "monthly.md": String(decoding: PackageResources.monthly_md, as: UTF8.self),
    "warning.md": String(decoding: PackageResources.warning_md, as: UTF8.self),
  ]

  /// The system prompt of `panda ask`, with `{{today}}` and `{{timezone}}` to fill in. Kept apart
  /// from the insight templates, whose hash keys the insight cache.
  public static let ask = String(decoding: PackageResources.ask_md, as: UTF8.self)
}
