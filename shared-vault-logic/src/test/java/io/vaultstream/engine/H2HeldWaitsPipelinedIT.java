package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link HeldWaitsPipelinedContract} run against H2. */
class H2HeldWaitsPipelinedIT extends HeldWaitsPipelinedContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
