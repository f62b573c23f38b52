package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ColumnAdmissionContract} run against PostgreSQL. */
class PostgresColumnAdmissionIT extends ColumnAdmissionContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }

  @Override
  protected boolean mariaDbNames() {
    return false;
  }
}
