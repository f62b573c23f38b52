package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link LivingSourceGapsContract} on PostgreSQL. */
class PostgresLivingSourceGapsIT extends LivingSourceGapsContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
