package io.vaultstream.dialect;

/** The ddl statements of the MariaDB dialect, as recorded. */
class MariaDbDdlGoldenTest extends DdlGoldenCases {
  @Override
  VaultDialect dialect() {
    return new io.vaultstream.dialect.mariadb.MariaDbDialect();
  }

  @Override
  String folder() {
    return "mariadb";
  }
}
