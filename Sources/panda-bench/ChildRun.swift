import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One child process's wall time, CPU time and peak memory, as `wait4` reports them.
package struct ChildRun {
  package var seconds: Double
  var cpuSeconds: Double
  var peakMegabytes: Double
  /// The part of `cpuSeconds` spent in the kernel (reads, writes, page faults).
  var systemSeconds: Double = 0

  /// Runs `binary` with `arguments`, its standard output to /dev/null, and waits for it; a
  /// failing run stops the benchmark.
  package static func run(_ binary: String, _ arguments: [String]) throws -> ChildRun {
    let argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    var pid = pid_t()
    let clock = ContinuousClock()
    let started = clock.now
    let spawned = posix_spawn(&pid, binary, &actions, nil, argv, environ)
    guard spawned == 0 else {
      print("cannot start \(binary): \(String(cString: strerror(spawned)))")
      exit(70)
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let elapsed = clock.now - started
    guard status == 0 else {
      print("\(binary) \(arguments.joined(separator: " ")) failed (wait status \(status))")
      exit(70)
    }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    #if os(Linux)
      let peak = Double(usage.ru_maxrss) / 1_024
    #else
      let peak = Double(usage.ru_maxrss) / 1_048_576
    #endif
    return ChildRun(
      seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
      cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime), peakMegabytes: peak,
      systemSeconds: seconds(usage.ru_stime))
  }
}
