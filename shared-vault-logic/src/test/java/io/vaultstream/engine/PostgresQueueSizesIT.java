package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link QueueSizesContract} run against PostgreSQL. */
class PostgresQueueSizesIT extends QueueSizesContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
