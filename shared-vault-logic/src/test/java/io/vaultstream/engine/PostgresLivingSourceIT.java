package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link LivingSourceContract} on PostgreSQL. */
class PostgresLivingSourceIT extends LivingSourceContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
