package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ValuesThatDoNotFitContract} run against H2. */
class H2ValuesThatDoNotFitIT extends ValuesThatDoNotFitContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
