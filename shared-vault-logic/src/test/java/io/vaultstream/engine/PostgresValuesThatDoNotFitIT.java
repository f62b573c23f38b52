package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ValuesThatDoNotFitContract} run against Postgres. */
class PostgresValuesThatDoNotFitIT extends ValuesThatDoNotFitContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
