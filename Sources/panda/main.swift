import Foundation
import PandaCLI

package let console = Console(
  output: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
  error: { text in FileHandle.standardError.write(Data(text.utf8)) },
  errorIsTerminal: isatty(STDERR_FILENO) == 1,
  outputIsTerminal: isatty(STDOUT_FILENO) == 1,
  environment: ProcessInfo.processInfo.environment)
exit(await PandaCommandLine.run(Array(CommandLine.arguments.dropFirst()), console: console).rawValue)
