package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link HeldBytesContract} run against MariaDB. */
class MariaDbHeldBytesIT extends HeldBytesContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
