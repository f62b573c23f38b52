package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ForeignSatellitesContract} run against H2. */
class H2ForeignSatellitesIT extends ForeignSatellitesContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
