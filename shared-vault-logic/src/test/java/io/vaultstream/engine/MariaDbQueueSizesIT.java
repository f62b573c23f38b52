package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link QueueSizesContract} run against MariaDB. */
class MariaDbQueueSizesIT extends QueueSizesContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
