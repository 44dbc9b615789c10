import Foundation
import Testing

@testable import PandaAnalysis
@testable import PandaCore
@testable import PandaTestSupport

@Suite struct SettingsCatalogueTests {
  @Test(arguments: [
    ("budget.calroies", "budget.calories"), ("calories", "budget.calories"), ("goal.step", "goal.steps"),
    ("budget.excercise", "budget.exercise"), ("time-zone", "timezone"), ("api-key", "api_key"),
  ])
  func aMistypedKeyIsRefusedWithTheNearestOne(typed: String, suggestion: String) {
    #expect(throws: SettingsError.unknownKey(typed, suggestion: suggestion)) { try SettingsCatalogue.key(typed) }
  }

  @Test func aKeyFarFromAnyHasNoSuggestion() throws {
    let error = try #require(throws: SettingsError.self) { try SettingsCatalogue.key("favourite.colour") }
    #expect(error == .unknownKey("favourite.colour", suggestion: nil))
  }

  @Test func valuesAreCheckedAgainstTheKey() throws {
    let calories = try SettingsCatalogue.key("budget.calories")
    #expect(try SettingsCatalogue.validate("2000", for: calories) == "2000")
    #expect(try SettingsCatalogue.validate("1800.5 kcal", for: calories) == "1800.5")
    for bad in ["lots", "-5", "100000", "", "2000 # note"] {
      #expect(throws: SettingsError.self) { try SettingsCatalogue.validate(bad, for: calories) }
    }
    let exercise = try SettingsCatalogue.key("budget.exercise")
    #expect(try SettingsCatalogue.validate("Add", for: exercise) == "add")
    #expect(throws: SettingsError.self) { try SettingsCatalogue.validate("sometimes", for: exercise) }
    #expect(try SettingsCatalogue.validate("Europe/Berlin", for: SettingsCatalogue.key("timezone")) == "Europe/Berlin")
    #expect(throws: SettingsError.self) {
      try SettingsCatalogue.validate("Mars/Olympus", for: SettingsCatalogue.key("timezone"))
    }
    #expect(throws: SettingsError.self) {
      try SettingsCatalogue.validate("ftp://x", for: SettingsCatalogue.key("base_url"))
    }
  }

  @Test func anInvalidSecretIsNeverRepeatedBack() throws {
    let error = try #require(throws: SettingsError.self) {
      try SettingsCatalogue.validate("sk-live-12345 # mine", for: SettingsCatalogue.key("api_key"))
    }
    #expect(!error.description.contains("sk-live"))
    #expect(
      error.description == "api_key cannot be the value given (not shown): expected any text without # or line breaks")
  }

  @Test func editDistanceCountsEdits() {
    #expect(SettingsCatalogue.editDistance("kitten", "sitting") == 3)
    #expect(SettingsCatalogue.editDistance("", "abc") == 3)
    #expect(SettingsCatalogue.editDistance("same", "same") == 0)
  }
}

@Suite struct SettingsFileTests {
  let original = """
    # my panda settings
    provider = ollama
    model = llama3.2   # the small one
    unknown.thing = kept

    """

  @Test func settingAKeyRewritesOnlyItsLine() {
    var file = SettingsFile(text: original)
    file.set("model", to: "qwen2.5")
    file.set("budget.calories", to: "2000")
    #expect(
      file.text == """
        # my panda settings
        provider = ollama
        model = qwen2.5
        unknown.thing = kept
        budget.calories = 2000

        """)
    #expect(file.values["budget.calories"] == "2000")
    #expect(file.values["provider"] == "ollama")
  }

  @Test func unsettingRemovesEveryLineOfTheKey() {
    var file = SettingsFile(text: original + "model = other\n")
    let removed = file.unset("model")
    let removedAgain = file.unset("model")
    #expect(removed)
    #expect(!removedAgain)
    #expect(file.values["model"] == nil)
    #expect(file.values["unknown.thing"] == "kept")
  }

  @Test func writesAFileTheLanguageModelSettingsStillRead() throws {
    let folder = try TemporaryFolder()
    let path = SettingsFile.path(in: folder.file("panda"))
    var file = SettingsFile.read(at: path)
    file.set("provider", to: "ollama")
    file.set("api_key", to: "sk-secret")
    try file.write(to: path)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let configuration = try LLMConfiguration.resolve(
      provider: "ollama", flags: [:], environment: [:], file: SettingsFile.read(at: path).values)
    #expect(configuration.apiKey == "sk-secret")
    let settings = Settings.load(environment: ["XDG_CONFIG_HOME": folder.path])
    #expect(settings.value("provider") == "ollama")
  }

  @Test func aHandEditedValueOutOfRangeCountsAsUnset() {
    let settings = Settings(values: ["budget.calories": "12", "goal.steps": "9000"])
    #expect(settings.number("budget.calories") == nil)
    #expect(settings.number("goal.steps") == 9_000)
  }
}
