package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link StoredProgressContract} run against PostgreSQL. */
class PostgresStoredProgressIT extends StoredProgressContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
