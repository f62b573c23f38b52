package io.vaultstream.dialect;

import io.vaultstream.dialect.postgres.PostgresDialect;

/** The session statements of the PostgreSQL dialect, as recorded. */
class PostgresSessionGoldenTest extends SessionGoldenCases {
  @Override
  VaultDialect dialect() {
    return new PostgresDialect();
  }

  @Override
  String folder() {
    return "postgres";
  }
}
