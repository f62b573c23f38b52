package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link HeldWaitsContract} run against PostgreSQL. */
class PostgresHeldWaitsIT extends HeldWaitsContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
