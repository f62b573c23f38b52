package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ProgressAnchorsContract} run against PostgreSQL. */
class PostgresProgressAnchorsIT extends ProgressAnchorsContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
