package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ReferentialIntegrityContract} run against PostgreSQL. */
class PostgresReferentialIntegrityIT extends ReferentialIntegrityContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
