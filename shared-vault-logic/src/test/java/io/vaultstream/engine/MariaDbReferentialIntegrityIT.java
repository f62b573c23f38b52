package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ReferentialIntegrityContract} run against MariaDB. */
class MariaDbReferentialIntegrityIT extends ReferentialIntegrityContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
