package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ForeignSatellitesContract} run against PostgreSQL. */
class PostgresForeignSatellitesIT extends ForeignSatellitesContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
