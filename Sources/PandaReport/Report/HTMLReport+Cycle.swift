import PandaAnalysis

extension HTMLReport {
  /// The menstrual cycle's section, where Health records it: the sentences of the insights'
  /// cycle section, from the same findings; nothing without flow records.
  func cycleSection() -> String {
    guard let cycle = findings?.cycle else { return "" }
    var html = "<section id=\"cycle\" aria-labelledby=\"h-cycle\">"
    html += "<h2 id=\"h-cycle\">\(HTML.escape(InsightsReport.cycleName))</h2><ul>"
    for sentence in CyclePhrases.sentences(cycle) { html += "<li>\(HTML.escape(sentence))</li>" }
    return html + "</ul><p class=\"note\">From Health's menstrual flow records.</p></section>"
  }
}
