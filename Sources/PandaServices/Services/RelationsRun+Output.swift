import PandaAnalysis
import PandaCore

extension RelationsRun {
  /// What a relations run found: the links over the window, with one line saying why there are
  /// none to look for. `panda relations --format json` and the MCP `relations` tool encode this one
  /// value, and `panda relations` prints its `text`.
  package struct Output: Encodable {
    /// The day looked as of.
    var asOf: CalendarDay
    /// The first day searched.
    var from: CalendarDay
    /// The last day searched.
    var to: CalendarDay
    /// Pairs tested.
    var tested: Int
    /// The links found, clearest first.
    package var relations: [MetricRelation]
    /// When no pair could be tested: why, in one line.
    var note: String?

    /// The search behind the output (not encoded).
    let search: RelationSearch

    private enum CodingKeys: String, CodingKey {
      case asOf, from, to, tested, relations, note
    }

    /// Creates a value from its stored properties.
    init(
      asOf: CalendarDay, from: CalendarDay, to: CalendarDay, tested: Int, relations: [MetricRelation],
      note: String? = nil, search: RelationSearch
    ) {
      self.asOf = asOf
      self.from = from
      self.to = to
      self.tested = tested
      self.relations = relations
      self.note = note
      self.search = search
    }

    /// The output as text: the note when no pair could be tested, else the search's headline, one
    /// sentence per link and what a link means.
    package var text: String { note.map { $0 + "\n" } ?? search.text }
  }
}
