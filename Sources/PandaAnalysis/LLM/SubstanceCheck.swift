/// Tells a sentence about the person from words that only look like one.
///
/// Small local models copy the prompt: its example reply ("One sentence on how the person's sleep
/// went."), its instructions and the schema's descriptions come back word for word or lightly
/// reworded, and they carry no figure for the number checks to catch. Two checks find them:
///
/// - **Echo.** The sentence's words are compared with the prompt's own text as overlapping runs
///   of three words, after lower-casing and dropping a plural `s`. A sentence most of whose words
///   (60 % or more) sit in such runs repeats the prompt rather than describing the person. A
///   placeholder (a sentence of the example reply, a description in the schema) is not an
///   insight even in part: five of its words in a row make a sentence a copy, figures or not.
/// - **Substance.** A sentence must say something about the person's numbers or what to do: hold
///   a figure, a word of direction or comparison ("more", "lower", "steady", "as usual"), a
///   judgement ("good", "healthy") or an action ("try", "walk", "go to bed", "could"). A single
///   word, a placeholder ("string", "N/A") or a sentence that only names a topic ("Your sleep
///   this week.") says nothing.
///
/// Text is tidied first (`tidied(_:)`): chat-template tokens and stray characters a model leaves
/// around a sentence (`|`, `*`, `#`) are dropped, so they never reach the person.
struct SubstanceCheck: Sendable {
  /// Why a sentence is not an insight.
  enum Finding: Equatable, Sendable {
    /// The sentence repeats the prompt's own wording.
    case echo
    /// The sentence says nothing about the person's numbers or what to do.
    case saysNothing
  }

  /// The share of a sentence's words that may come from runs of the prompt's own text.
  static let echoShare = 0.6
  /// How many words make a run compared with the prompt.
  static let runLength = 3
  /// How many words of a placeholder in a row make a copy.
  static let placeholderRunLength = 5

  private let promptRuns: Set<String>
  private let placeholderRuns: Set<String>

  /// A check against `promptTexts`, everything the prompt says in its own words (system prompt,
  /// instructions, the example reply, the schema's texts) but not the figures, and against
  /// `placeholders`, the sentences that stand in for the model's own (the example reply's, the
  /// schema's descriptions).
  init(promptTexts: [String], placeholders: [String] = []) {
    promptRuns = Set((promptTexts + placeholders).flatMap { Self.runs(Self.words($0), length: Self.runLength) })
    placeholderRuns = Set(placeholders.flatMap { Self.runs(Self.words($0), length: Self.placeholderRunLength) })
  }

  /// What is wrong with `text` as a sentence about the person, if anything.
  func finding(in text: String) -> Finding? {
    if echoedShare(of: text) >= Self.echoShare { return .echo }
    if !Self.runs(Self.words(text), length: Self.placeholderRunLength).isDisjoint(with: placeholderRuns) {
      return .echo
    }
    if !Self.saysSomething(text) { return .saysNothing }
    return nil
  }

  /// A problem a model can act on, naming the text, or nil when `text` is fine.
  func problem(in text: String) -> String? {
    switch finding(in: text) {
    case .echo:
      "\"\(text)\" repeats the prompt's wording; write about the person's own figures instead"
    case .saysNothing:
      "\"\(text)\" says nothing about the person's figures or what to do"
    case nil:
      nil
    }
  }

  /// The share of `text`'s words that lie in a run of three words the prompt also has (0 when
  /// the text has fewer than three words).
  func echoedShare(of text: String) -> Double {
    let words = Self.words(text)
    guard words.count >= Self.runLength else { return 0 }
    var covered = [Bool](repeating: false, count: words.count)
    for start in 0...(words.count - Self.runLength)
    where promptRuns.contains(words[start..<(start + Self.runLength)].joined(separator: " ")) {
      for index in start..<(start + Self.runLength) { covered[index] = true }
    }
    return Double(covered.filter { $0 }.count) / Double(words.count)
  }

  /// Whether `text` holds a figure, a direction or comparison, a judgement or an action, in at
  /// least two words.
  static func saysSomething(_ text: String) -> Bool {
    let words = text.lowercased().split { !$0.isLetter && !$0.isNumber }
    guard words.count >= 2 else { return false }
    if text.contains(where: { $0.isASCII && $0.isNumber }) { return true }
    return words.contains { word in
      contentWords.contains(String(word)) || contentStems.contains { word.hasPrefix($0) }
    }
  }

  /// Words that carry substance on their own.
  private static let contentWords: Set<String> = [
    // Direction and comparison.
    "up", "down", "more", "less", "fewer", "most", "least", "higher", "lower", "longer", "shorter", "above", "below",
    "over", "under", "than", "same", "usual", "usually", "steady", "stable", "flat", "held", "hold", "holding",
    "unchanged", "similar", "like", "line", "close", "normal", "average", "before", "again", "still", "back",
    "rose", "risen", "fell", "fallen", "grew", "grown", "gained", "lost", "dipped", "slipped", "earlier", "later",
    "extra", "best", "worst", "record", "consistent", "consistently", "regular", "regularly", "often", "rarely",
    "every", "each", "daily", "nightly", "enough", "target", "goal", "range", "few", "no", "not", "only", "without",
    "high", "low", "long", "short", "plenty", "lots", "lot", "little", "within", "outside", "recommended", "level",
    "peak", "moved", "stayed", "stay", "remained", "remain", "barely", "slightly",
    // Judgements.
    "good", "great", "well", "nice", "fine", "excellent", "strong", "solid", "healthy", "healthier", "active",
    "impressive", "wonderful", "fantastic", "superb", "awesome", "proud", "bravo", "congratulations", "done",
    "encouraging", "positive", "welcome", "worth", "right", "track", "restful", "restless", "calm", "busy",
    // Actions and advice.
    "try", "aim", "keep", "consider", "start", "stop", "add", "set", "go", "get", "take", "make", "plan", "put",
    "book", "build", "walk", "run", "move", "stand", "stretch", "breathe", "drink", "eat", "limit", "avoid", "cut",
    "swap", "switch", "skip", "dim", "turn", "use", "log", "wear", "charge", "sync", "check", "talk", "ask", "see",
    "mention", "rest", "meditate", "practise", "practice", "include", "spend", "spread", "fit", "pick", "choose",
    "join", "follow", "maintain", "continue", "stick", "protect", "lift", "cycle", "swim", "climb", "park", "let",
    "remember", "could", "should", "can", "might", "may", "help", "helps", "need", "needs", "wind",
  ]

  /// Beginnings of words that carry substance ("improv" for improved, improving, improvement).
  private static let contentStems: [String] = [
    "improv", "better", "worse", "worsen", "declin", "increas", "decreas", "drop", "climb", "rais", "reduc", "gain",
    "grow", "progress", "chang", "differ", "steadi", "compar", "recover", "hydrat", "schedul", "exercis", "workout",
    "walk", "step", "slept", "sleeping", "moving", "stood", "sitting", "minute", "hour", "kilomet", "mile",
  ]

  /// `text` without what a model leaves around a sentence: chat-template tokens (`<|im_end|>`,
  /// `</s>`), surrounding whitespace, and stray characters before the first word or after the
  /// last (`|`, `*`, `#`, `>`, `-`, a bullet).
  static func tidied(_ text: String) -> String {
    var text = text
    while let open = text.range(of: "<|"), let close = text.range(of: "|>", range: open.upperBound..<text.endIndex) {
      text.removeSubrange(open.lowerBound..<close.upperBound)
    }
    for token in ["</s>", "<s>", "<end_of_turn>", "<start_of_turn>", "<eos>", "<bos>"] {
      text = text.replacingOccurrences(of: token, with: "")
    }
    let leading: Set<Character> = ["(", "\"", "“", "‘", "'", "~", "+", "−", "£", "$", "€", "¡", "¿"]
    let trailing: Set<Character> = [".", "!", "?", ")", "\"", "”", "’", "'", "%", "…", "°"]
    while let first = text.first, !(first.isLetter || first.isNumber || leading.contains(first)) {
      text.removeFirst()
    }
    while let last = text.last, !(last.isLetter || last.isNumber || trailing.contains(last) || isEmoji(last)) {
      text.removeLast()
    }
    return text
  }

  private static func isEmoji(_ character: Character) -> Bool {
    character.unicodeScalars.contains { $0.properties.isEmojiPresentation }
  }

  /// The words of `text` as the echo check compares them: lower case, letters and digits only,
  /// a plural `s` dropped, the `s` of a possessive left out.
  static func words(_ text: String) -> [String] {
    text.lowercased().split { !$0.isLetter && !$0.isNumber }.compactMap { word in
      guard word != "s" else { return nil }
      if word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss") { return String(word.dropLast()) }
      return String(word)
    }
  }

  private static func runs(_ words: [String], length: Int) -> Set<String> {
    guard words.count >= length else { return [] }
    return Set((0...(words.count - length)).map { words[$0..<($0 + length)].joined(separator: " ") })
  }
}
