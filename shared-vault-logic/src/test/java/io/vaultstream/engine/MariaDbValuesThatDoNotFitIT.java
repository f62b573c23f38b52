package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ValuesThatDoNotFitContract} run against MariaDB. */
class MariaDbValuesThatDoNotFitIT extends ValuesThatDoNotFitContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
