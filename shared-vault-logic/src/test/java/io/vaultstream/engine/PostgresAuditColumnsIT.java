package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link AuditColumnsContract} on PostgreSQL. */
class PostgresAuditColumnsIT extends AuditColumnsContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
