package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link OpenRetryContract} run against MariaDB. */
class MariaDbOpenRetryIT extends OpenRetryContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
