/// The prompt templates in this folder, compiled into the binary.
public enum BuiltInPrompts {
  /// File names and their built-in text.
  public static let builtIn: [String: String] = [
    "system.md": String(decoding: PackageResources.system_md, as: UTF8.self),
    "daily.md": String(decoding: PackageResources.daily_md, as: UTF8.self),
    "weekly.md": String(decoding: PackageResources.weekly_md, as: UTF8.self),
    "monthly.md": String(decoding: PackageResources.monthly_md, as: UTF8.self),
  ]
}
