package io.vaultstream.dialect;

/** The session statements of the MariaDB dialect, as recorded. */
class MariaDbSessionGoldenTest extends SessionGoldenCases {
  @Override
  VaultDialect dialect() {
    return new io.vaultstream.dialect.mariadb.MariaDbDialect();
  }

  @Override
  String folder() {
    return "mariadb";
  }
}
