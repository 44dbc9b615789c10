import Foundation
import PandaPrompts

/// The prompt templates in use: the built-in ones from `Prompts/`, each overridable by a file of
/// the same name in `$XDG_CONFIG_HOME/panda/prompts/`.
package struct PromptTemplates: Sendable, Equatable {
  /// File name to text.
  let files: [String: String]

  /// The built-in templates with any overrides found in `overrideFolder`.
  package init(overrideFolder: String? = nil) {
    var files = BuiltInPrompts.builtIn
    if let overrideFolder {
      for name in files.keys {
        let path = (overrideFolder as NSString).appendingPathComponent(name)
        if let text = try? String(contentsOfFile: path, encoding: .utf8) { files[name] = text }
      }
    }
    self.files = files
  }

  /// A short hash of the templates in use: part of the cache key, so editing a prompt
  /// invalidates the insights written with the old one.
  var version: String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for name in files.keys.sorted() {
      for byte in (name + "\u{0}" + (files[name] ?? "") + "\u{0}").utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
      }
    }
    return String(hash, radix: 16)
  }
}
