package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link NonHistorizedChangesContract} run against PostgreSQL. */
class PostgresNonHistorizedChangesIT extends NonHistorizedChangesContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
