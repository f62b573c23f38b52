package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link LivingSourceGapsContract} on MariaDBMariaDb. */
class MariaDbLivingSourceGapsIT extends LivingSourceGapsContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
