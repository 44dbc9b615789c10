import PandaCore

extension HealthSnapshot {
  /// The menstrual cycles the snapshot's flow records make; `nil` without any.
  package var cycles: CycleCalendar? {
    guard !records.flowDays.isEmpty || !records.cycleStarts.isEmpty else { return nil }
    let cycles = records.cycles
    return cycles.isEmpty ? nil : cycles
  }
}
