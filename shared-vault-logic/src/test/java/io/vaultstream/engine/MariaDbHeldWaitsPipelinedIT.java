package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link HeldWaitsPipelinedContract} run against MariaDB. */
class MariaDbHeldWaitsPipelinedIT extends HeldWaitsPipelinedContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
