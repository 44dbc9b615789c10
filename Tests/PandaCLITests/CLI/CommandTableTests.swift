import Foundation
import Testing

@testable import PandaCLI
@testable import PandaCore
@testable import PandaTestSupport

/// The command-line table is the one description of every command and option: these tests walk
/// it and check that help, parser and the table agree.
@Suite struct CommandTableTests {
  static let specs = PandaCommandLine.commands.map { $0.spec }

  /// The words that call `form` of `command` with `option` given a value it accepts.
  static func words(_ form: CommandSpec.Form, _ option: OptionSpec, short: Bool = false) -> [String] {
    var words = form.subcommand.map { [$0] } ?? []
    if short, let letter = option.short {
      words.append("-\(letter)")
    } else {
      words.append(option.long)
    }
    if option.takesValue { words.append(option.allowed.first ?? "value") }
    for required in form.options where required.isRequired && required.name != option.name {
      words += [required.long] + (required.takesValue ? [required.allowed.first ?? "value"] : [])
    }
    return words
  }

  /// `text` with every run of spaces and line breaks made one space, so wrapped lines compare.
  static func flattened(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
  }

  @Test func anOptionTakenByOnlySomeFormsNamesThemAndNoneStartsWithEmptyParentheses() {
    for spec in Self.specs {
      let lines = HelpText.help(spec).split(separator: "\n")
      #expect(!lines.contains { $0.contains("  () ") }, "\(spec.name)")
      for (option, label) in HelpText.optionsByForm(spec) where !label.isEmpty {
        #expect(label != "() ")
        let line = lines.first { $0.hasPrefix("  " + option.spelling + " ") }
        #expect(line?.contains(label) == true, "\(spec.name) \(option.long): \(line ?? "")")
      }
    }
    let listen = HelpText.optionsByForm(ReceiveCommand.spec).first { $0.0.name == "listen" }
    #expect(listen?.1 == "(panda receive) ")
  }

  @Test func everyOptionIsInItsCommandsHelpWithItsDefaultAndVariable() {
    for spec in Self.specs {
      let help = Self.flattened(HelpText.help(spec))
      #expect(help.hasPrefix("usage: panda \(spec.name)"))
      for form in spec.forms {
        if let subcommand = form.subcommand {
          #expect(help.contains("panda \(spec.name) \(form.isDefault ? "[\(subcommand)]" : subcommand)"))
        }
        for option in form.options + [.help] {
          #expect(help.contains(option.long), "\(spec.name) help lacks \(option.long)")
          #expect(help.contains(Self.flattened(option.help)), "\(spec.name) help lacks what \(option.long) does")
          if let variable = option.environment { #expect(help.contains(variable)) }
          if let value = option.defaultValue { #expect(help.contains("default " + Self.flattened(value))) }
          for value in option.allowed { #expect(help.contains(value), "\(spec.name) \(option.long) lacks \(value)") }
        }
      }
    }
  }

  @Test func everyHelpFitsInAHundredColumns() {
    let helps = Self.specs.map(HelpText.help) + [PandaCommandLine.usage]
    for line in helps.flatMap({ $0.split(separator: "\n") }) {
      #expect(line.count <= HelpText.width, "\(line)")
    }
  }

  @Test func everyOptionIsAcceptedByTheFormsThatTakeItAndRefusedByTheOthers() throws {
    for spec in Self.specs {
      for form in spec.forms {
        for option in form.options {
          for short in option.short == nil ? [false] : [false, true] {
            let parsed = try Arguments(Self.words(form, option, short: short), command: spec)
            #expect(
              option.takesValue ? parsed.value(option) != nil : parsed.has(option),
              "\(spec.name) \(option.long)")
          }
          for other in Self.specs + [spec] {
            // `-q` is taken everywhere (`everyCommandTakesQuietBeforeOrAfterItsName`).
            for otherForm in other.forms where otherForm.option(option.name) == nil && option.name != "quiet" {
              if other.name == spec.name && otherForm.subcommand == form.subcommand { continue }
              #expect(throws: UsageError.self, "\(other.name) \(otherForm.subcommand ?? "") took \(option.long)") {
                try Arguments(Self.words(otherForm, option), command: other)
              }
            }
          }
        }
      }
    }
  }

  @Test func anOptionMeansTheSameInEveryFormThatTakesIt() {
    for spec in Self.specs {
      let options = spec.forms.flatMap(\.options)
      for option in options {
        #expect(
          options.filter { $0.name == option.name }.allSatisfy { $0.kind == option.kind && $0.short == option.short })
      }
    }
  }

  @Test func onlyTheListedValuesAreAccepted() throws {
    for spec in Self.specs {
      for form in spec.forms {
        for option in form.options where !option.allowed.isEmpty {
          let words = (form.subcommand.map { [$0] } ?? []) + [option.long, "no-such-value"]
          #expect {
            try Arguments(words, command: spec)
          } throws: { error in
            if case .invalidValue(option.name, "no-such-value", _) = error as? UsageError { true } else { false }
          }
        }
      }
    }
  }

  @Test func helpCommandAndHelpFlagPrintTheSameForEveryCommand() async {
    for spec in Self.specs {
      let viaHelp = await runPanda(["help", spec.name])
      let viaFlag = await runPanda([spec.name, "--help"])
      let viaShort = await runPanda([spec.name, "-h"])
      #expect(viaHelp.status == .success)
      #expect(viaHelp.output == viaFlag.output)
      #expect(viaHelp.output == viaShort.output)
      #expect(viaHelp.output == HelpText.help(spec))
    }
  }

  @Test func theGeneralUsageListsEveryCommandAndGlobalOption() async {
    let result = await runPanda(["--help"])
    #expect(result.status == .success)
    for spec in Self.specs { #expect(result.output.contains("  " + spec.synopsis)) }
    for option in OptionSpec.global { #expect(result.output.contains(option.long)) }
  }

  @Test func globalOptionsAreTakenOnlyByTheCommandsThatUseThem() async {
    let generate = await runPanda(["--db", "x.sqlite", "generate", "out.xml"])
    #expect(generate.status == .usage)
    #expect(generate.error.hasPrefix("panda: generate does not take --db"))
    let config = await runPanda(["config", "list", "--timezone", "UTC"])
    #expect(config.status == .usage)
    #expect(config.error.hasPrefix("panda: config does not take --timezone"))
  }

  @Test func everyCommandTakesQuietBeforeOrAfterItsName() async throws {
    // A command with no progress or summary hides nothing: the same output as without -q.
    let prompt = ["prompt", "--category", "sleep", "--period", "daily", "--demo", "--timezone", "UTC"]
    let plain = await runPanda(prompt)
    #expect(plain.status == .success, "\(plain.error)")
    for words in [["-q"] + prompt, prompt + ["-q"], prompt + ["--quiet"]] {
      let quiet = await runPanda(words)
      #expect(quiet.status == .success, "\(words): \(quiet.error)")
      #expect(quiet.output == plain.output)
    }
    let completions = await runPanda(["-q", "completions", "bash"])
    #expect(completions.status == .success, "\(completions.error)")
    let cache = await runPanda(["cache", "list", "-q", "--db", "/nonexistent/panda.sqlite"])
    #expect(cache.status != .usage, "\(cache.error)")
    // A command with a confirmation hides it.
    let folder = try TemporaryFolder()
    let database = folder.file("panda.sqlite")
    let logged = await runPanda(["-q", "log", "water", "500ml", "--db", database, "--timezone", "UTC"])
    #expect(logged.status == .success, "\(logged.error)")
    #expect(logged.output.isEmpty)
    let listed = await runPanda(["log", "list", "--db", database, "--timezone", "UTC"])
    #expect(listed.output.contains("500"), "\(listed.output)")
    let undone = await runPanda(["log", "undo", "--db", database, "--quiet"])
    #expect(undone.status == .success, "\(undone.error)")
    #expect(undone.output.isEmpty)
  }

  @Test func anOptionOfAnotherSubcommandIsRefused() async {
    let result = await runPanda(["cache", "list", "--category", "sleep"])
    #expect(result.status == .usage)
    #expect(result.error.hasPrefix("panda: cache list does not take --category"))
  }
}
