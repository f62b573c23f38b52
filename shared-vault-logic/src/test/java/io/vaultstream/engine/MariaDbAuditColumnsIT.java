package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link AuditColumnsContract} on MariaDB. */
class MariaDbAuditColumnsIT extends AuditColumnsContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
