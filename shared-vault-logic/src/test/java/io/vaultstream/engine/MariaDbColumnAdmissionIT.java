package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ColumnAdmissionContract} run against MariaDB. */
class MariaDbColumnAdmissionIT extends ColumnAdmissionContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }

  @Override
  protected boolean mariaDbNames() {
    return true;
  }
}
