package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link HeldWaitsContract} run against H2. */
class H2HeldWaitsIT extends HeldWaitsContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
