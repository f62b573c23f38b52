package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link PipelinedLoadContract} run against H2. */
class H2PipelinedLoadIT extends PipelinedLoadContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
