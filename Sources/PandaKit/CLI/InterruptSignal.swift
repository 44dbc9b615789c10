import Foundation
import Synchronization

/// Ctrl-C during an import: the handler only sets a flag, and the import rolls back at its next
/// check, leaving the database as it was.
enum InterruptSignal {
  private static let flag = Atomic<Bool>(false)

  static var received: Bool { flag.load(ordering: .relaxed) }

  static func install() {
    flag.store(false, ordering: .relaxed)
    signal(SIGINT) { _ in InterruptSignal.flag.store(true, ordering: .relaxed) }
    signal(SIGTERM) { _ in InterruptSignal.flag.store(true, ordering: .relaxed) }
  }

  static func restore() {
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }
}
