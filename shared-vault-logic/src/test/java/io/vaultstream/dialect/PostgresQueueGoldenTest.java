package io.vaultstream.dialect;

/** The queue statements of the PostgreSQL dialect, as recorded. */
class PostgresQueueGoldenTest extends QueueGoldenCases {
  @Override
  VaultDialect dialect() {
    return new PostgresDialect();
  }

  @Override
  String folder() {
    return "postgres";
  }
}
