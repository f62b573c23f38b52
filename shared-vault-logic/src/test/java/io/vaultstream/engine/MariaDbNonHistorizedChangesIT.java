package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link NonHistorizedChangesContract} run against MariaDB. */
class MariaDbNonHistorizedChangesIT extends NonHistorizedChangesContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
