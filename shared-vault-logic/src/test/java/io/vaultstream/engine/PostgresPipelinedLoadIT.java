package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link PipelinedLoadContract} run against PostgreSQL. */
class PostgresPipelinedLoadIT extends PipelinedLoadContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
