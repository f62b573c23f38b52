package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ColumnAdmissionContract} run against H2. */
class H2ColumnAdmissionIT extends ColumnAdmissionContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }

  @Override
  protected boolean mariaDbNames() {
    return false;
  }
}
