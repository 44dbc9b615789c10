import Testing

@testable import PandaStore
@testable import PandaTestSupport

/// A State of Mind entry's labels, associations and valence as tags of its day.
@Suite struct MoodTagTests {
  @Test func labelsAreMoodTagsAssociationsPlainTagsAndTheValenceItsSide() {
    #expect(
      MoodTag.names(labels: ["Stressed", "Drained"], associations: ["Work", "Current Events"], valence: -0.4) == [
        "mood-stressed", "mood-drained", "work", "current-events", "mood-unpleasant",
      ])
    #expect(MoodTag.names(labels: ["Calm"], associations: [], valence: 0.05) == ["mood-calm", "mood-pleasant"])
  }

  @Test func aNeutralOrMissingValencePutsNoTag() {
    #expect(MoodTag.names(labels: [], associations: [], valence: 0).isEmpty)
    #expect(MoodTag.names(labels: [], associations: [], valence: nil).isEmpty)
    #expect(MoodTag.names(labels: [], associations: [], valence: .nan).isEmpty)
  }

  @Test(arguments: ["Self Care", "selfCare", "self_care", "SELF CARE", " self-care "])
  func everySpellingOfAWordMakesOneTagName(_ words: String) {
    #expect(MoodTag.tagName(words) == "self-care")
    // The name is one `panda log tag` keeps as it is, so `series tag:NAME` finds it.
    #expect((try? LogTag.normalised(MoodTag.tagName(words) ?? "")) == "self-care")
  }

  @Test func wordsWithoutLettersAndRepeatsAreLeftOut() {
    #expect(MoodTag.tagName("…") == nil)
    #expect(
      MoodTag.names(labels: ["Calm", "calm", "!"], associations: ["Work", "work"], valence: nil) == [
        "mood-calm", "work",
      ])
    let long = String(repeating: "a", count: 60)
    #expect(MoodTag.names(labels: [long], associations: [long], valence: nil).isEmpty)
  }
}
