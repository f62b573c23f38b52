package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link KeyMapCacheContract} run against MariaDB. */
class MariaDbKeyMapCacheIT extends KeyMapCacheContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
