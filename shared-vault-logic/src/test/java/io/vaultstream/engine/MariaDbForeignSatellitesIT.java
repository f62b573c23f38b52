package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ForeignSatellitesContract} run against MariaDB. */
class MariaDbForeignSatellitesIT extends ForeignSatellitesContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
