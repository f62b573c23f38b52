package io.vaultstream.dialect;

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
