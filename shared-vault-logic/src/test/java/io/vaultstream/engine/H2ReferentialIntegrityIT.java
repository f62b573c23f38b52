package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ReferentialIntegrityContract} run against H2. */
class H2ReferentialIntegrityIT extends ReferentialIntegrityContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
