import Foundation
import PandaKit

/// `panda-bench import [--days N] [--zip]`: generates a synthetic export, imports it into a fresh
/// database, imports it again, and prints throughput and peak memory.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.first == "import" else {
  print("usage: panda-bench import [--days N] [--zip] [--keep DIR]")
  exit(64)
}
func option(_ name: String) -> String? {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}
let days = Int(option("--days") ?? "") ?? 1_900
let zip = arguments.contains("--zip")
let folder =
  option("--keep")
  ?? FileManager.default.temporaryDirectory.appendingPathComponent(
    "panda-bench-\(ProcessInfo.processInfo.processIdentifier)"
  ).path
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
let exportPath = (folder as NSString).appendingPathComponent(zip ? "export.zip" : "export.xml")
let databasePath = (folder as NSString).appendingPathComponent("bench.sqlite")
for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: databasePath + suffix) }

if !FileManager.default.fileExists(atPath: exportPath) {
  print("generating \(days) days of synthetic data into \(exportPath)…")
  let export = SyntheticExport(days: days)
  if zip { try export.writeZip(to: exportPath) } else { try export.writeXML(to: exportPath) }
}
let size = (try FileManager.default.attributesOfItem(atPath: exportPath)[.size] as? NSNumber)?.doubleValue ?? 0

func peakResidentMegabytes() -> Double {
  var usage = rusage()
  #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1_024
  #else
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1_048_576
  #endif
}

let baseline = peakResidentMegabytes()
print(String(format: "export: %.1f MB (%@), peak RSS before import %.1f MB", size / 1e6, zip ? "zip" : "xml", baseline))
for run in ["first import", "re-import"] {
  let database = try Database.openPanda(at: databasePath)
  let summary = try ExportImporter(database: database).importExport(at: exportPath)
  print(
    String(
      format:
        "%@: %.2f s, %.1f MB/s of file, %.1f MB/s of XML, %.0f records/s, %d inserted, %d duplicates, peak RSS %.1f MB",
      run, summary.seconds, size / 1e6 / summary.seconds, Double(summary.xmlBytes) / 1e6 / summary.seconds,
      Double(summary.records) / summary.seconds,
      summary.inserted, summary.duplicates, peakResidentMegabytes()))
}
if option("--keep") == nil { try? FileManager.default.removeItem(atPath: folder) }
