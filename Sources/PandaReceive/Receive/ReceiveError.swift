/// Why `panda receive` cannot start listening.
package enum ReceiveError: Error, Equatable, CustomStringConvertible {
  /// The host names no address this machine has.
  case cannotResolve(String)
  /// `bind` or `listen` failed (the port is taken, the address is not this machine's).
  case cannotListen(address: String, reason: String)

  /// The address and why it cannot be listened on.
  package var description: String {
    switch self {
    case .cannotResolve(let host): "cannot listen on \(host): it names no address of this machine"
    case .cannotListen(let address, let reason): "cannot listen on \(address): \(reason)"
    }
  }
}
