import PandaCore

extension SyntheticExport {
  /// Writes the export as a plain XML file.
  package func writeXML(to path: String) throws {
    let file = try OutputFile(path: path)
    try write { try file.write($0) }
  }

  /// Writes the export as the Health app's `export.zip`: `apple_health_export/export.xml` beside
  /// a clinical summary that must be ignored.
  package func writeZip(to path: String, forceZip64: Bool = false) throws {
    // Dated as the export is made: 06:00 the morning after the last day.
    let zip = try ZipWriter(
      path: path, forceZip64: forceZip64, day: CalendarDay(ordinal: Int(lastDay) + 1), hour: 6)
    try zip.addEntry("apple_health_export/export_cda.xml") { append in
      try append("<?xml version=\"1.0\"?>\n<ClinicalDocument></ClinicalDocument>\n")
    }
    try zip.addEntry("apple_health_export/export.xml") { append in
      try write(to: append)
    }
    try zip.finish()
  }
}
