package io.vaultstream.dialect.postgres;

import io.vaultstream.dialect.VaultDialect;
import java.util.Map;

/**
 * PostgreSQL 12+: rows travel as one text array per column through {@code unnest}, so a batch is
 * one statement per table whatever its size. The statements are those of {@link PostgresDdl},
 * {@link PostgresRows}, {@link PostgresHistory}, {@link PostgresChanges}, {@link PostgresQueue} and
 * {@link PostgresOperatorStatements} (and the standard SQL of the interfaces they extend), over the
 * names, column types and value expressions of {@link PostgresSyntax}; values and failures are
 * {@link PostgresTextValues} and {@link PostgresSqlStates}.
 */
public final class PostgresDialect
    implements VaultDialect,
        PostgresDdl,
        PostgresRows,
        PostgresHistory,
        PostgresChanges,
        PostgresQueue,
        PostgresOperatorStatements,
        PostgresTextValues,
        PostgresSqlStates {

  @Override
  public String name() {
    return "postgresql";
  }

  @Override
  public boolean accepts(String jdbcUrl) {
    return jdbcUrl != null && jdbcUrl.startsWith("jdbc:postgresql:");
  }

  // ---- session ----------------------------------------------------------------------------

  @Override
  public String connectionInitSql() {
    // PostgreSQL's JIT compiles a statement at every execution once its estimated cost passes
    // jit_above_cost; the loader's set-based statements over a few thousand rows pass it and spend
    // more time compiling than executing.
    // Custom plans only: a generic plan is costed once, on the table sizes and statistics of that
    // moment, and then kept while the table grows. The loader fills its tables from empty, often
    // faster than (or without) autovacuum analyzing them: a plan made on a table of a few rows
    // (a sequential scan, or an index probe on the leading column only) stayed in use on millions
    // of rows. A custom plan is made at each execution from the table's current size on disk and
    // the batch's own values.
    // No bitmap scans: every statement that reads by key probes an index once per key of the batch
    // (see selectKeyMap). Without statistics the planner expects several rows per probe and takes a
    // bitmap scan, which builds and walks a bitmap at every probe; a plain index scan returns the
    // same rows (one, usually) in about two thirds of the time (the key map read of 2,500 keys: 13
    // ms against 20 ms on PostgreSQL 15).
    return "SET TIME ZONE 'UTC'; SET jit = off; SET plan_cache_mode = force_custom_plan;"
        + " SET enable_bitmapscan = off";
  }

  /**
   * Allocates and frees a block of 16 MiB in the server process. With glibc's allocator (the server
   * on Linux; not Alpine's musl), freeing a block that large raises the process's threshold for
   * handing the free memory at its heap's top back to the system from 128 KiB to twice the block
   * (mallopt(3): the thresholds follow the largest block freed). Without it, the working memory of
   * each statement of a batch (a few hundred kilobytes for a COPY) is handed back at the
   * statement's end and taken again, page by page, by the next: the page faults and the system
   * calls took about a tenth of the time of the server process that writes the batches. The role's
   * or database's statement timeout, if any, is lifted for this statement only ({@code SET LOCAL}:
   * the pool commits its connection's set-up), so that the set-up cannot fail on it. The volatile
   * term keeps the planner from computing the block while planning, which would allocate it twice:
   * the set-up takes tens of milliseconds, once per connection.
   */
  static final String KEEP_FREED_MEMORY =
      "SET LOCAL statement_timeout = 0;"
          + " SELECT octet_length(repeat(repeat('x', 4096), 4096 + (random() * 0)::int))";

  @Override
  public String serverProcessSql() {
    return KEEP_FREED_MEMORY;
  }

  @Override
  public String statementTimeout(long millis) {
    return millis > 0 ? "SET statement_timeout = " + millis : null;
  }

  @Override
  public Map<String, String> socketTimeout(long millis) {
    // pgjdbc takes whole seconds; round up so that a small value never turns into "no limit".
    return millis > 0 ? Map.of("socketTimeout", Long.toString((millis + 999) / 1000)) : Map.of();
  }

  @Override
  public String lockTimeout(long millis) {
    return millis > 0 ? "SET LOCAL lock_timeout = " + millis : null;
  }
}
