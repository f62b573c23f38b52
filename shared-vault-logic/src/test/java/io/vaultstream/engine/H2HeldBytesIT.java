package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link HeldBytesContract} run against H2. */
class H2HeldBytesIT extends HeldBytesContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
