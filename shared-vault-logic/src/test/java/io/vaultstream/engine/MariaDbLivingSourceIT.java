package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link LivingSourceContract} on MariaDB. */
class MariaDbLivingSourceIT extends LivingSourceContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
