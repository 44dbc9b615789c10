import Foundation

/// The database layout, applied as numbered migrations recorded in `PRAGMA user_version`.
///
/// Instants are whole seconds since 1970 (UTC); quantities are in the unit stored with their
/// type (see `UnitNormalizer`). docs/internals.md documents the same tables for users of `sqlite3`.
enum Schema {
  /// Each migration brings the database from version `index` to `index + 1`.
  static let migrations: [String] = [
    """
    CREATE TABLE sources (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL UNIQUE
    ) STRICT;
    CREATE TABLE devices (
      id INTEGER PRIMARY KEY,
      identity TEXT NOT NULL UNIQUE,
      name TEXT,
      manufacturer TEXT,
      model TEXT,
      hardware TEXT,
      software TEXT
    ) STRICT;
    CREATE TABLE sample_types (
      id INTEGER PRIMARY KEY,
      identifier TEXT NOT NULL,
      unit TEXT NOT NULL DEFAULT '',
      UNIQUE (identifier, unit)
    ) STRICT;
    CREATE TABLE imports (
      id INTEGER PRIMARY KEY,
      file TEXT NOT NULL,
      file_bytes INTEGER NOT NULL,
      export_date INTEGER,
      started_at INTEGER NOT NULL,
      seconds REAL NOT NULL,
      records INTEGER NOT NULL,
      inserted INTEGER NOT NULL,
      duplicates INTEGER NOT NULL,
      skipped INTEGER NOT NULL,
      workouts INTEGER NOT NULL,
      activity_summaries INTEGER NOT NULL
    ) STRICT;
    CREATE TABLE samples (
      id INTEGER PRIMARY KEY,
      type_id INTEGER NOT NULL REFERENCES sample_types(id),
      source_id INTEGER NOT NULL REFERENCES sources(id),
      source_version TEXT,
      device_id INTEGER REFERENCES devices(id),
      start INTEGER NOT NULL,
      end INTEGER NOT NULL,
      value REAL,
      category TEXT,
      created INTEGER,
      metadata TEXT,
      beats TEXT,
      import_id INTEGER NOT NULL REFERENCES imports(id)
    ) STRICT;
    CREATE UNIQUE INDEX samples_identity
      ON samples (type_id, start, end, source_id, ifnull(value, ''), ifnull(category, ''));
    CREATE TABLE correlations (
      id INTEGER PRIMARY KEY,
      type TEXT NOT NULL,
      source_id INTEGER NOT NULL REFERENCES sources(id),
      source_version TEXT,
      device_id INTEGER REFERENCES devices(id),
      start INTEGER NOT NULL,
      end INTEGER NOT NULL,
      created INTEGER,
      metadata TEXT,
      import_id INTEGER NOT NULL REFERENCES imports(id),
      UNIQUE (type, start, end, source_id)
    ) STRICT;
    CREATE TABLE correlation_samples (
      correlation_id INTEGER NOT NULL REFERENCES correlations(id),
      sample_id INTEGER NOT NULL REFERENCES samples(id),
      PRIMARY KEY (correlation_id, sample_id)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE workouts (
      id INTEGER PRIMARY KEY,
      activity_type TEXT NOT NULL,
      source_id INTEGER NOT NULL REFERENCES sources(id),
      source_version TEXT,
      device_id INTEGER REFERENCES devices(id),
      start INTEGER NOT NULL,
      end INTEGER NOT NULL,
      created INTEGER,
      duration_seconds REAL,
      total_distance_km REAL,
      total_energy_kcal REAL,
      metadata TEXT,
      import_id INTEGER NOT NULL REFERENCES imports(id),
      UNIQUE (activity_type, start, end, source_id)
    ) STRICT;
    CREATE TABLE workout_statistics (
      workout_id INTEGER NOT NULL REFERENCES workouts(id),
      type TEXT NOT NULL,
      unit TEXT,
      sum REAL,
      average REAL,
      minimum REAL,
      maximum REAL
    ) STRICT;
    CREATE INDEX workout_statistics_workout ON workout_statistics (workout_id);
    CREATE TABLE workout_events (
      workout_id INTEGER NOT NULL REFERENCES workouts(id),
      type TEXT NOT NULL,
      date INTEGER,
      duration_seconds REAL
    ) STRICT;
    CREATE INDEX workout_events_workout ON workout_events (workout_id);
    CREATE TABLE workout_routes (
      workout_id INTEGER NOT NULL REFERENCES workouts(id),
      path TEXT,
      start INTEGER,
      end INTEGER,
      inline_points INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX workout_routes_workout ON workout_routes (workout_id);
    CREATE TABLE activity_summaries (
      date TEXT PRIMARY KEY,
      active_energy_kcal REAL,
      active_energy_goal_kcal REAL,
      move_minutes REAL,
      move_minutes_goal REAL,
      exercise_minutes REAL,
      exercise_minutes_goal REAL,
      stand_hours REAL,
      stand_hours_goal REAL,
      import_id INTEGER NOT NULL REFERENCES imports(id)
    ) STRICT;
    CREATE TABLE profile (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    ) STRICT;
    """,
    """
    CREATE TABLE daily_values (
      metric TEXT NOT NULL,
      day TEXT NOT NULL,
      value REAL NOT NULL,
      PRIMARY KEY (metric, day)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE daily_values_context (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      time_zone TEXT NOT NULL,
      source_priority TEXT NOT NULL
    ) STRICT;
    """,
    """
    CREATE TABLE insight_cache (
      category TEXT NOT NULL,
      period TEXT NOT NULL,
      provider TEXT NOT NULL,
      model TEXT NOT NULL,
      prompt_version TEXT NOT NULL,
      daily_context TEXT NOT NULL,
      generated_at INTEGER NOT NULL,
      generated_day TEXT NOT NULL,
      insight TEXT NOT NULL,
      PRIMARY KEY (category, period, provider, model, prompt_version, daily_context)
    ) STRICT;
    """,
    """
    CREATE TABLE llm_capabilities (
      endpoint TEXT NOT NULL,
      model TEXT NOT NULL,
      structured_output TEXT NOT NULL,
      PRIMARY KEY (endpoint, model)
    ) STRICT;
    """,
    // Entries logged by hand (`panda log`), their samples and the journal `panda log undo` walks
    // back. Logged samples point to import 0, `panda log`, which the first entry creates.
    """
    CREATE TABLE log_entries (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      type TEXT NOT NULL,
      value REAL NOT NULL,
      second_value REAL,
      at INTEGER NOT NULL,
      note TEXT
    ) STRICT;
    CREATE INDEX log_entries_at ON log_entries (at);
    CREATE TABLE log_entry_samples (
      entry_id INTEGER NOT NULL,
      sample_id INTEGER NOT NULL,
      PRIMARY KEY (entry_id, sample_id)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE log_journal (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      action TEXT NOT NULL,
      entry_id INTEGER NOT NULL,
      type TEXT,
      value REAL,
      second_value REAL,
      at INTEGER,
      note TEXT
    ) STRICT;
    """,
    // A fingerprint of the daily values each cached insight was computed from.
    """
    ALTER TABLE insight_cache ADD COLUMN inputs TEXT NOT NULL DEFAULT '';
    """,
    // Habit metrics count as 0 on days the devices were in use; those zeros are marked `filled`.
    // Forgetting the context makes the next command recompute the values under the new rules.
    """
    ALTER TABLE daily_values ADD COLUMN filled INTEGER NOT NULL DEFAULT 0;
    DELETE FROM daily_values_context;
    """,
    // Whether a daily value's day was only partly recorded (see `DailyAggregator.partialDays`).
    // Forgetting the context recomputes every value with it.
    """
    ALTER TABLE daily_values ADD COLUMN partial INTEGER NOT NULL DEFAULT 0;
    DELETE FROM daily_values_context;
    """,
    // Delivery (`panda notify`, `panda deliver`): destinations hold the names of environment
    // variables, never secrets; the outbox row's id is also its webhook-id; one audit row per
    // attempt, without bodies.
    """
    CREATE TABLE delivery_destinations (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL,
      url TEXT NOT NULL,
      options TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      disabled_at INTEGER,
      disabled_reason TEXT
    ) STRICT;
    CREATE TABLE outbox (
      id TEXT PRIMARY KEY,
      destination_id INTEGER NOT NULL REFERENCES delivery_destinations(id),
      dedup_key TEXT NOT NULL UNIQUE,
      payload TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      next_attempt_at INTEGER NOT NULL,
      attempts INTEGER NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'sent', 'dead')),
      claimed_at INTEGER,
      last_status INTEGER,
      last_error TEXT,
      sent_at INTEGER
    ) STRICT;
    CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
    CREATE TABLE delivery_attempts (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      outbox_id TEXT NOT NULL,
      destination_id INTEGER NOT NULL,
      at INTEGER NOT NULL,
      status INTEGER,
      bytes INTEGER NOT NULL,
      duration_ms INTEGER NOT NULL,
      outcome TEXT NOT NULL,
      error TEXT
    ) STRICT;
    CREATE INDEX delivery_attempts_outbox ON delivery_attempts (outbox_id);
    """,
    // Workouts by local day and activity type (see `WorkoutDays`), and the import counts that
    // were missing for the counts to add up: records dated out of range and readings no body
    // produces. Forgetting the context computes the workout days.
    """
    CREATE TABLE daily_workouts (
      day TEXT NOT NULL,
      activity_type TEXT NOT NULL,
      workouts INTEGER NOT NULL,
      minutes REAL NOT NULL,
      distance_km REAL NOT NULL,
      energy_kcal REAL NOT NULL,
      PRIMARY KEY (day, activity_type)
    ) STRICT, WITHOUT ROWID;
    ALTER TABLE imports ADD COLUMN out_of_range INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE imports ADD COLUMN implausible INTEGER NOT NULL DEFAULT 0;
    DELETE FROM daily_values_context;
    """,
    // `panda outbox retry` starts a fresh schedule without forgetting the attempts made: it
    // records when (`retried_at`) and how many attempts came before. Deliveries waiting for a
    // destination that was turned off are given up on, so none waits forever.
    """
    ALTER TABLE outbox ADD COLUMN retried_at INTEGER;
    ALTER TABLE outbox ADD COLUMN attempts_before_retry INTEGER NOT NULL DEFAULT 0;
    UPDATE outbox SET state = 'dead', last_error = 'not sent: its destination was turned off ('
        || coalesce((SELECT disabled_reason FROM delivery_destinations WHERE id = destination_id), 'no reason') || ')'
      WHERE state = 'pending'
        AND destination_id IN (SELECT id FROM delivery_destinations WHERE disabled_at IS NOT NULL);
    """,
    // Health Auto Export (`panda import FILE.json`, `panda receive`): the app's buckets are the
    // Health app's merged statistics, kept apart from the export's samples and replaced when a
    // bucket still in progress is sent again (see `HealthAutoExportImporter`). Nights come as
    // summaries when the app summarises sleep. Imports say which route they came by.
    """
    CREATE TABLE pushed_samples (
      type TEXT NOT NULL,
      unit TEXT NOT NULL,
      start INTEGER NOT NULL,
      end INTEGER NOT NULL,
      category TEXT NOT NULL,
      value REAL,
      minimum REAL,
      maximum REAL,
      source TEXT,
      import_id INTEGER NOT NULL REFERENCES imports(id),
      PRIMARY KEY (type, start, category)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE pushed_nights (
      day TEXT PRIMARY KEY,
      sleep_start INTEGER,
      sleep_end INTEGER NOT NULL,
      asleep REAL,
      in_bed REAL,
      core REAL,
      deep REAL,
      rem REAL,
      awake REAL,
      source TEXT,
      import_id INTEGER NOT NULL REFERENCES imports(id)
    ) STRICT;
    ALTER TABLE imports ADD COLUMN route TEXT NOT NULL DEFAULT 'export';
    ALTER TABLE imports ADD COLUMN updated INTEGER NOT NULL DEFAULT 0;
    """,
    // Runs of records an import stored whole, by the hashes of their bytes (see `ExportBlock`),
    // so that importing a newer export skips them without decoding or looking up each record.
    """
    CREATE TABLE export_blocks (
      head INTEGER NOT NULL,
      hash INTEGER NOT NULL,
      bytes INTEGER NOT NULL,
      records INTEGER NOT NULL,
      latest INTEGER NOT NULL,
      version INTEGER NOT NULL,
      import_id INTEGER NOT NULL REFERENCES imports(id),
      PRIMARY KEY (hash, bytes, head)
    ) STRICT, WITHOUT ROWID;
    """,
    // A newer export is the truth (see `ExportSnapshot`): each row an export stored belongs to
    // the run of items it was last read in, and a block names its run, so that an import knows
    // which stored rows the export still holds. Blocks stored before runs are forgotten, so the
    // next import reads every record once; rows stored before (`run` NULL) count as unseen.
    """
    CREATE TABLE export_runs (
      id INTEGER PRIMARY KEY,
      import_id INTEGER NOT NULL REFERENCES imports(id)
    ) STRICT;
    ALTER TABLE samples ADD COLUMN run INTEGER;
    CREATE INDEX samples_run ON samples (run);
    ALTER TABLE workouts ADD COLUMN run INTEGER;
    CREATE INDEX workouts_run ON workouts (run);
    ALTER TABLE correlations ADD COLUMN run INTEGER;
    CREATE INDEX correlations_run ON correlations (run);
    DELETE FROM export_blocks;
    ALTER TABLE export_blocks ADD COLUMN earliest INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE export_blocks ADD COLUMN run INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX export_blocks_run ON export_blocks (run);
    ALTER TABLE imports ADD COLUMN removed INTEGER NOT NULL DEFAULT 0;
    """,
    // The time zone the data points to (see `ZoneStore`): the offsets its dates were written
    // with, one per UTC day and offset, the zones its records name, and the zone chosen.
    """
    CREATE TABLE zone_offsets (
      day INTEGER NOT NULL,
      utc_offset INTEGER NOT NULL,
      instant INTEGER NOT NULL,
      PRIMARY KEY (day, utc_offset)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE zone_names (
      name TEXT PRIMARY KEY,
      records INTEGER NOT NULL
    ) STRICT;
    CREATE TABLE data_zone (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      time_zone TEXT NOT NULL,
      matched INTEGER NOT NULL,
      observed INTEGER NOT NULL
    ) STRICT;
    """,
    // An export panda did not trust to replace the database is refused whole; the refusal is
    // kept so that `status` and `doctor` show it until it is resolved (see `ImportRefusal`).
    """
    CREATE TABLE import_refusals (
      id INTEGER PRIMARY KEY,
      file TEXT NOT NULL,
      refused_at INTEGER NOT NULL,
      export_date INTEGER,
      reason TEXT NOT NULL
    ) STRICT;
    """,
    // Resting heart rate derived from heart rate and steps on days no device wrote one
    // (`DerivedRestingHeartRate`), stored with `filled` = 3. Forgetting the context computes them.
    """
    DELETE FROM daily_values_context;
    """,
    // A sample an export inserts no longer carries its run: the run records the range of row ids
    // its samples took, so that an import keeps no index up to date row by row. Only samples
    // marked by a later export, and correlation members, carry a run, and only they are indexed.
    // Samples stored before runs were kept are marked with run 0. Running it again changes nothing.
    """
    CREATE TABLE IF NOT EXISTS export_run_rows (
      run INTEGER PRIMARY KEY,
      import_id INTEGER NOT NULL,
      first_row INTEGER NOT NULL,
      last_row INTEGER NOT NULL
    ) STRICT;
    UPDATE samples SET run = 0
    WHERE run IS NULL AND import_id IN (SELECT id FROM imports WHERE id > 0 AND route = 'export')
      AND NOT EXISTS (
        SELECT 1 FROM export_run_rows r
        WHERE samples.id BETWEEN r.first_row AND r.last_row AND r.import_id = samples.import_id);
    DROP INDEX IF EXISTS samples_run;
    CREATE INDEX samples_run ON samples (run) WHERE run IS NOT NULL;
    """,
    // When each cached insight was computed, by the clock (`generated_at` follows `--as-of`);
    // NULL for the entries stored before it was kept.
    """
    ALTER TABLE insight_cache ADD COLUMN computed_at INTEGER;
    """,
    // Which early-warning notices each destination was sent (see `AlertNoticeLog`): kept apart
    // from the outbox, whose sent messages `outbox purge` deletes. Seeded from the outbox.
    """
    CREATE TABLE alert_notices (
      dedup_key TEXT NOT NULL,
      destination_id INTEGER NOT NULL,
      queued_at INTEGER NOT NULL,
      PRIMARY KEY (dedup_key, destination_id)
    ) STRICT, WITHOUT ROWID;
    INSERT OR IGNORE INTO alert_notices (dedup_key, destination_id, queued_at)
      SELECT substr(dedup_key, 1, instr(dedup_key, '#') - 1), destination_id, created_at FROM outbox
      WHERE dedup_key LIKE 'alert %#%';
    """,
    // State of Mind entries Health Auto Export pushed (`stateOfMind`), by the app's id, kept as
    // sent: their labels and associations (JSON arrays of strings) become tags (see `MoodTag`).
    """
    CREATE TABLE IF NOT EXISTS pushed_states_of_mind (
      id TEXT PRIMARY KEY,
      start INTEGER NOT NULL,
      end INTEGER NOT NULL,
      kind TEXT,
      valence REAL,
      labels TEXT NOT NULL,
      associations TEXT NOT NULL,
      import_id INTEGER NOT NULL REFERENCES imports(id)
    ) STRICT;
    CREATE INDEX IF NOT EXISTS pushed_states_of_mind_start ON pushed_states_of_mind (start);
    """,
  ]

  /// The schema version the file records (`PRAGMA user_version`).
  static func version(_ database: Database) throws -> Int {
    Int(try database.firstRow("PRAGMA user_version")?.integer("user_version") ?? 0)
  }

  /// Refuses a file that is another application's database or was laid out by a newer panda,
  /// before anything is written to it.
  static func checkIsPanda(_ database: Database) throws {
    let version: Int
    do {
      version = try self.version(database)
    } catch let error as DatabaseError where error.isNotADatabase {
      throw SchemaError.notSQLite(path: database.path)
    }
    let tables = try database.rows(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite^_%' ESCAPE '^' ORDER BY name"
    ).compactMap { $0.text("name") }
    if tables.isEmpty && version == 0 { return }
    guard tables.contains("samples") && tables.contains("imports") else {
      throw SchemaError.notPanda(path: database.path, tables: tables)
    }
    guard version <= migrations.count else {
      throw SchemaError.newer(path: database.path, version: version, known: migrations.count)
    }
  }

  /// Refuses, for a command that only reads, a database that is empty or laid out by an older
  /// panda: bringing it up to date writes, which only a command holding the run lock does.
  static func checkIsCurrent(_ database: Database) throws {
    let version = try version(database)
    guard version < migrations.count else { return }
    if version == 0, try database.firstRow("SELECT count(*) AS objects FROM sqlite_master")?.integer("objects") == 0 {
      throw SchemaError.empty(path: database.path)
    }
    throw SchemaError.older(path: database.path, version: version, current: migrations.count)
  }

  /// Brings `database` up to the newest version inside one transaction. The version is read
  /// again once the write lock is held, since another process may have migrated meanwhile.
  static func migrate(_ database: Database) throws {
    guard try version(database) < migrations.count else { return }
    try database.transaction {
      let current = try version(database)
      guard current < migrations.count else { return }
      for version in current..<migrations.count {
        try database.execute(migrations[version])
        try database.execute("PRAGMA user_version = \(version + 1)")
      }
    }
  }
}

extension Database {
  /// Opens the panda database at `path`, creating it or bringing its tables up to date. Another
  /// application's database, or a newer panda's, is refused unchanged (`SchemaError`).
  /// While another connection holds the write lock it waits up to `busyWait` seconds, or until
  /// `isCancelled` says to stop.
  package static func openPanda(
    at path: String, busyWait: Double = 5, isCancelled: @escaping @Sendable () -> Bool = { false }
  ) throws -> Database {
    let database = try Database(path: path)
    database.waitWhenBusy(upTo: busyWait, unless: isCancelled)
    // Switching a new file to WAL while another connection creates it can answer "busy" at once,
    // without the busy handler: the whole set-up is tried again until the wait runs out.
    let started = ContinuousClock.now
    while true {
      do {
        try Schema.checkIsPanda(database)
        try database.useWriteAheadLog()
        try Schema.migrate(database)
        return database
      } catch let error as DatabaseError
        where error.isBusy && !isCancelled() && (ContinuousClock.now - started).seconds < busyWait
      {
        usleep(10_000)
      }
    }
  }

  /// Opens the panda database at `path` for reading only, never writing to it: an empty
  /// database, an older panda's, a newer panda's or another application's is refused (`SchemaError`).
  package static func openPandaForReading(at path: String) throws -> Database {
    let database = try Database(path: path, readOnly: true)
    try Schema.checkIsPanda(database)
    try Schema.checkIsCurrent(database)
    return database
  }
}
