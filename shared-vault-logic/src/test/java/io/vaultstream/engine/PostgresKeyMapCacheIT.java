package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link KeyMapCacheContract} run against PostgreSQL. */
class PostgresKeyMapCacheIT extends KeyMapCacheContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
