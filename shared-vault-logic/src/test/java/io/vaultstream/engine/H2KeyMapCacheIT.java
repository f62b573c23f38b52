package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link KeyMapCacheContract} run against H2. */
class H2KeyMapCacheIT extends KeyMapCacheContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
