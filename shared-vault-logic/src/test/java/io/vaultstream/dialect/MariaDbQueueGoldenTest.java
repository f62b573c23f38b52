package io.vaultstream.dialect;

/** The queue statements of the MariaDB dialect, as recorded. */
class MariaDbQueueGoldenTest extends QueueGoldenCases {
  @Override
  VaultDialect dialect() {
    return new io.vaultstream.dialect.mariadb.MariaDbDialect();
  }

  @Override
  String folder() {
    return "mariadb";
  }
}
