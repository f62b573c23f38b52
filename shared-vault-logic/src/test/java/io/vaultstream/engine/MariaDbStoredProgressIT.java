package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link StoredProgressContract} run against MariaDB. */
class MariaDbStoredProgressIT extends StoredProgressContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
