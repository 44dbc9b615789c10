/// Process exit statuses, following sysexits(3).
package enum ExitCode: Int32, Sendable {
  case success = 0
  case failure = 1
  case usage = 64
  case dataError = 65
  case noInput = 66
  case unavailable = 69
  case software = 70
  case cannotCreate = 73
  case ioError = 74
  case temporaryFailure = 75
  case configuration = 78
  case interrupted = 130
  case terminated = 143
}
