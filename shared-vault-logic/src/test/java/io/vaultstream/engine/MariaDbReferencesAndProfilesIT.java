package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ReferencesAndProfilesContract} run against MariaDB. */
class MariaDbReferencesAndProfilesIT extends ReferencesAndProfilesContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
