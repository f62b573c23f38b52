package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link NonHistorizedChangesContract} run against H2. */
class H2NonHistorizedChangesIT extends NonHistorizedChangesContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
