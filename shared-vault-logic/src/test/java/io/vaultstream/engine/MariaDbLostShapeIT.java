package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link LostShapeContract} run against MariaDB. */
class MariaDbLostShapeIT extends LostShapeContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
