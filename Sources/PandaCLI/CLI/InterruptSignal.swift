import Foundation
import Synchronization

/// Ctrl-C or SIGTERM during an import: the handler only records the signal, and the import
/// rolls back at its next check, leaving the database as it was.
enum InterruptSignal {
  private static let number = Atomic<Int32>(0)

  static var received: Bool { number.load(ordering: .relaxed) != 0 }

  /// The status to exit with after the signal received: 128 + its number, as shells report it
  /// (130 for Ctrl-C, 143 for SIGTERM).
  static var exitCode: ExitCode { exitCode(for: number.load(ordering: .relaxed)) }

  static func exitCode(for signal: Int32) -> ExitCode { signal == SIGTERM ? .terminated : .interrupted }

  static func install() {
    number.store(0, ordering: .relaxed)
    signal(SIGINT) { received in InterruptSignal.number.store(received, ordering: .relaxed) }
    signal(SIGTERM) { received in InterruptSignal.number.store(received, ordering: .relaxed) }
  }

  static func restore() {
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }
}
