package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link StoredProgressContract} run against H2. */
class H2StoredProgressIT extends StoredProgressContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
