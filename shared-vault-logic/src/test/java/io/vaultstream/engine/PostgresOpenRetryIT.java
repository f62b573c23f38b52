package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link OpenRetryContract} run against PostgreSQL. */
class PostgresOpenRetryIT extends OpenRetryContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
