package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link HeldWaitsContract} run against MariaDB. */
class MariaDbHeldWaitsIT extends HeldWaitsContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
