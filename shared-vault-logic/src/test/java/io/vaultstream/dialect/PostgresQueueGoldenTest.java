package io.vaultstream.dialect;

import io.vaultstream.dialect.postgres.PostgresDialect;

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
