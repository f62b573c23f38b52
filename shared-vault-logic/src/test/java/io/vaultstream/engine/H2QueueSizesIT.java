package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link QueueSizesContract} run against H2. */
class H2QueueSizesIT extends QueueSizesContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
