package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ProgressAnchorsContract} run against MariaDB. */
class MariaDbProgressAnchorsIT extends ProgressAnchorsContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
