package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ProgressAnchorsContract} run against H2. */
class H2ProgressAnchorsIT extends ProgressAnchorsContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
