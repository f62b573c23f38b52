package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link LivingSourceGapsContract} run against H2. */
class H2LivingSourceGapsIT extends LivingSourceGapsContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
