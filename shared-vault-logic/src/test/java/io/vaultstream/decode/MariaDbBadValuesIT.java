package io.vaultstream.decode;

import io.vaultstream.testing.TargetDatabase;

/** {@link BadValuesContract} run against MariaDB. */
class MariaDbBadValuesIT extends BadValuesContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
