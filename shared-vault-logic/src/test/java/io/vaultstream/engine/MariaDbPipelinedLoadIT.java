package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link PipelinedLoadContract} run against MariaDB. */
class MariaDbPipelinedLoadIT extends PipelinedLoadContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
