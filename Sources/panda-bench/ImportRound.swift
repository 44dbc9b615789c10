import Foundation

/// One contender's first import and re-import of the export in one round.
package struct ImportRound {
  package var first: ChildRun
  var again: ChildRun?
  /// The database's size after the first import, in MB (the file and its log, if any).
  var databaseMegabytes = 0.0

  /// The figures as one line.
  package func line(xmlBytes: Int64) -> String {
    var text = String(
      format: "first import %.2f s, %.0f MB/s of XML, %.2f s CPU (%.2f s system), peak RSS %.1f MB, database %.1f MB",
      first.seconds, Double(xmlBytes) / 1e6 / first.seconds, first.cpuSeconds, first.systemSeconds,
      first.peakMegabytes, databaseMegabytes)
    if let again {
      text += String(
        format: "; re-import %.2f s (%.0f %% of the first), %.2f s CPU, peak RSS %.1f MB", again.seconds,
        again.seconds / first.seconds * 100, again.cpuSeconds, again.peakMegabytes)
    }
    return text
  }

  /// Each figure's median over `rounds`, taken figure by figure.
  package static func median(_ rounds: [ImportRound]) -> ImportRound {
    func median(_ values: [Double]) -> Double {
      let sorted = values.sorted()
      guard !sorted.isEmpty else { return 0 }
      return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
    func median(_ runs: [ChildRun]) -> ChildRun {
      ChildRun(
        seconds: median(runs.map(\.seconds)), cpuSeconds: median(runs.map(\.cpuSeconds)),
        peakMegabytes: median(runs.map(\.peakMegabytes)), systemSeconds: median(runs.map(\.systemSeconds)))
    }
    let agains = rounds.compactMap(\.again)
    return ImportRound(
      first: median(rounds.map(\.first)), again: agains.isEmpty ? nil : median(agains),
      databaseMegabytes: median(rounds.map(\.databaseMegabytes)))
  }
}
