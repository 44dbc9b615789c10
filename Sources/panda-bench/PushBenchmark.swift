import Foundation

/// `panda-bench push [--days N] [--keep DIR]`: writes a Health Auto Export document as the phone
/// pretty-prints it, with minute grouping (a month of heart rate with Min/Avg/Max, and eight
/// other metrics per minute), then times whole `panda import FILE.json` processes on a fresh
/// database: the first import and the same document again (all duplicates), with the peak memory
/// of the runs.
enum PushBenchmark {
  static let metrics: [(name: String, units: String)] = [
    ("step_count", "count"), ("active_energy", "kcal"), ("basal_energy_burned", "kcal"),
    ("walking_running_distance", "km"), ("apple_exercise_time", "min"), ("flights_climbed", "count"),
    ("respiratory_rate", "count/min"), ("walking_speed", "km/hr"),
  ]

  static func run(days: Int, folder: String, panda: String) throws {
    let path = (folder as NSString).appendingPathComponent("push.json")
    let databasePath = (folder as NSString).appendingPathComponent("push.sqlite")
    let bytes = try write(days: days, to: path)
    print(String(format: "push: %.1f MB, %d days of minute buckets", Double(bytes) / 1e6, days))
    for suffix in ["", "-wal", "-shm"] { unlink(databasePath + suffix) }
    for run in ["first import", "same document again"] {
      let seconds = try time(panda, ["import", path, "--db", databasePath, "--timezone", "UTC", "-q"])
      print(
        String(
          format: "%@: %.2f s, %.1f MB/s, peak RSS of the runs so far %.1f MB", run, seconds,
          Double(bytes) / 1e6 / seconds, childrenPeakMegabytes()))
    }
  }

  /// Writes the document and returns its size in bytes.
  static func write(days: Int, to path: String) throws -> Int {
    guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path)
    else { throw CocoaError(.fileWriteUnknown) }
    defer { try? handle.close() }
    var written = 0
    func emit(_ text: String) {
      let data = Data(text.utf8)
      written += data.count
      handle.write(data)
    }
    let start = 1_767_225_600  // 2026-01-01 00:00 UTC
    let minutes = days * 1_440
    func date(_ minute: Int) -> String {
      let instant = Date(timeIntervalSince1970: TimeInterval(start + minute * 60))
      let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: instant)
      return String(
        format: "%04d-%02d-%02d %02d:%02d:00 +0000", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
        parts.hour ?? 0, parts.minute ?? 0)
    }
    let dates = (0..<minutes).map(date)
    emit("{\n  \"data\" : {\n    \"metrics\" : [\n")
    emit("      {\n        \"name\" : \"heart_rate\",\n        \"units\" : \"count\\/min\",\n        \"data\" : [\n")
    for minute in 0..<minutes {
      let average = 60 + (minute * 7919) % 40
      emit(
        "          {\n            \"Min\" : \(average - 5),\n            \"Avg\" : \(average),\n"
          + "            \"Max\" : \(average + 9),\n            \"date\" : \"\(dates[minute])\",\n"
          + "            \"source\" : \"Sam’s Apple Watch\"\n          }\(minute + 1 < minutes ? "," : "")\n")
    }
    emit("        ]\n      }")
    for (index, metric) in metrics.enumerated() {
      emit(",\n      {\n        \"name\" : \"\(metric.name)\",\n        \"units\" : \"\(metric.units)\",\n")
      emit("        \"data\" : [\n")
      for minute in 0..<minutes {
        let quantity = Double((minute * 31 + index * 17) % 120) / 4 + 1
        emit(
          "          {\n            \"qty\" : \(quantity),\n            \"date\" : \"\(dates[minute])\",\n"
            + "            \"source\" : \"Sam’s iPhone|Sam’s Apple Watch\"\n          }\(minute + 1 < minutes ? "," : "")\n"
        )
      }
      emit("        ]\n      }")
    }
    emit("\n    ],\n    \"workouts\" : [\n\n    ]\n  }\n}\n")
    return written
  }

  /// Runs `panda` with `arguments` and returns its wall time in seconds.
  static func time(_ panda: String, _ arguments: [String]) throws -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: panda)
    process.arguments = arguments
    let clock = ContinuousClock()
    let started = clock.now
    try process.run()
    process.waitUntilExit()
    let elapsed = clock.now - started
    guard process.terminationStatus == 0 else {
      throw CocoaError(
        .executableLoad, userInfo: [NSLocalizedDescriptionKey: "panda exited \(process.terminationStatus)"])
    }
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  /// The largest resident size any finished child process reached, in MB.
  static func childrenPeakMegabytes() -> Double {
    var usage = rusage()
    #if os(Linux)
      getrusage(RUSAGE_CHILDREN.rawValue, &usage)
      return Double(usage.ru_maxrss) / 1_024
    #else
      getrusage(RUSAGE_CHILDREN, &usage)
      return Double(usage.ru_maxrss) / 1_048_576
    #endif
  }
}
