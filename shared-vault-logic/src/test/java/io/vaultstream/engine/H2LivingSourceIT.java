package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link LivingSourceContract} on H2. */
class H2LivingSourceIT extends LivingSourceContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
