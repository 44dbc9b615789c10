import Foundation
import PandaAnalysis
import PandaCore
import PandaStore

/// The ask job, built once from typed inputs: a question goes to a chat model, which may call
/// panda's read tools and then sends claims; panda checks and computes each claim and words it
/// itself. `panda ask` adapts it. It lives beside the tools it drives (`ToolConversation`), one
/// target above the use cases in PandaServices, which cannot see the tools.
package struct AskRun {
  /// The question, as asked.
  var question: String
  /// The day answered as of: no day after it is accepted.
  var asOf: CalendarDay
  /// The chat model that turns the question into claims.
  var chat: ChatCompletionsProvider
  /// The most rounds of tool calls before the claims are asked for without tools.
  package var maxRounds = 6
  /// The most time the whole exchange with the model may take.
  package var timeLimit: Duration = .seconds(120)
  /// The zone and source priority of the daily values.
  var daily: DailyContext
  /// The units of the sentences; figures stay in the catalogue's units.
  package var units = DisplayUnits.metric
  /// The daily goals the tools show with the insights.
  package var goals: [GoalTarget] = []

  /// A run asking `question` of `chat` as of `asOf`, with the defaults of every other input.
  package init(question: String, asOf: CalendarDay, chat: ChatCompletionsProvider, daily: DailyContext) {
    self.question = question
    self.asOf = asOf
    self.chat = chat
    self.daily = daily
  }

  /// Runs the job on `database`; throws the `ProviderError` the exchange with the model ended in.
  package func run(on database: Database) async throws -> Output {
    let context = ToolContext(database: database, daily: daily, today: asOf, units: units, goals: goals)
    let conversation = ToolConversation(chat: chat, context: context, maxRounds: maxRounds, timeLimit: timeLimit)
    let (reply, calls, roundsUsedUp) = try await conversation.ask(question)
    return Output(question: question, asOf: asOf, reply: reply, calls: calls, roundsUsedUp: roundsUsedUp)
  }
}
