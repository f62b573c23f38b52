package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link HeldWaitsPipelinedContract} run against PostgreSQL. */
class PostgresHeldWaitsPipelinedIT extends HeldWaitsPipelinedContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
