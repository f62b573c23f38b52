package io.vaultstream.dialect;

import io.vaultstream.dialect.postgres.PostgresDialect;

/** The ddl statements of the PostgreSQL dialect, as recorded. */
class PostgresDdlGoldenTest extends DdlGoldenCases {
  @Override
  VaultDialect dialect() {
    return new PostgresDialect();
  }

  @Override
  String folder() {
    return "postgres";
  }
}
