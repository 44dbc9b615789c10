/// The owner of `insight_cache`: every statement that reads or writes it. `InsightCache`
/// (Insights) decides what is fresh; this stores and finds the rows.
package struct InsightCacheTable {
  /// What a row is found by: every column of the table's key.
  package struct Key: Sendable, Equatable {
    /// `category`.
    package var category: String
    /// `period`.
    package var period: String
    /// `provider`.
    package var provider: String
    /// `model`.
    package var model: String
    /// `prompt_version`.
    package var promptVersion: String
    /// `daily_context`.
    package var dailyContext: String

    /// Creates a value from its stored properties.
    package init(
      category: String, period: String, provider: String, model: String, promptVersion: String, dailyContext: String
    ) {
      self.category = category
      self.period = period
      self.provider = provider
      self.model = model
      self.promptVersion = promptVersion
      self.dailyContext = dailyContext
    }

    /// The key's columns as the statements bind them, in the table's key order.
    var values: [SQLValue] {
      [.text(category), .text(period), .text(provider), .text(model), .text(promptVersion), .text(dailyContext)]
    }
  }

  /// The stored columns of a row besides its key.
  package struct Record: Sendable, Equatable {
    /// `insight`: the insight as JSON.
    package var insight: String
    /// `generated_at`.
    package var generatedAt: Int64
    /// `generated_day`, ISO.
    package var generatedDay: String
    /// `inputs`: the fingerprint of the daily values it was made from.
    package var inputs: String
    /// `computed_at`.
    package var computedAt: Int64?

    /// Creates a value from its stored properties.
    package init(insight: String, generatedAt: Int64, generatedDay: String, inputs: String, computedAt: Int64?) {
      self.insight = insight
      self.generatedAt = generatedAt
      self.generatedDay = generatedDay
      self.inputs = inputs
      self.computedAt = computedAt
    }
  }

  /// The database holding the table.
  let database: Database

  /// The table of `database`.
  package init(database: Database) {
    self.database = database
  }

  /// The row stored under `key`.
  package func find(_ key: Key) throws -> Record? {
    guard
      let row = try database.firstRow(
        """
        SELECT insight, generated_at, generated_day, inputs, computed_at FROM insight_cache
        WHERE category = ? AND period = ? AND provider = ? AND model = ? AND prompt_version = ? AND daily_context = ?
        """, key.values),
      let insight = row.text("insight"), let generatedAt = row.integer("generated_at"),
      let generatedDay = row.text("generated_day")
    else { return nil }
    return Record(
      insight: insight, generatedAt: generatedAt, generatedDay: generatedDay, inputs: row.text("inputs") ?? "",
      computedAt: row.integer("computed_at"))
  }

  /// Stores `record` under `key`, replacing the row there unless that one was made as of a later
  /// day.
  package func store(_ record: Record, under key: Key) throws {
    try database.execute(
      """
      INSERT INTO insight_cache
        (category, period, provider, model, prompt_version, daily_context, generated_at, generated_day, insight,
         inputs, computed_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (category, period, provider, model, prompt_version, daily_context) DO UPDATE SET
        generated_at = excluded.generated_at, generated_day = excluded.generated_day, insight = excluded.insight,
        inputs = excluded.inputs, computed_at = excluded.computed_at
      WHERE excluded.generated_day >= insight_cache.generated_day
      """,
      key.values + [
        .integer(record.generatedAt), .text(record.generatedDay), .text(record.insight), .text(record.inputs),
        record.computedAt.map(SQLValue.integer) ?? .null,
      ])
  }

  /// The keys of every row, in the table's order.
  package func keys() throws -> [Key] {
    try database.rows(
      "SELECT category, period, provider, model, prompt_version, daily_context FROM insight_cache"
    ).compactMap { row in
      guard let category = row.text("category"), let period = row.text("period") else { return nil }
      return Key(
        category: category, period: period, provider: row.text("provider") ?? "", model: row.text("model") ?? "",
        promptVersion: row.text("prompt_version") ?? "", dailyContext: row.text("daily_context") ?? "")
    }
  }

  /// Deletes the rows of `category`, or all; returns how many.
  package func delete(category: String?) throws -> Int {
    if let category {
      try database.execute("DELETE FROM insight_cache WHERE category = ?", [.text(category)])
    } else {
      try database.execute("DELETE FROM insight_cache")
    }
    return database.changes
  }
}
