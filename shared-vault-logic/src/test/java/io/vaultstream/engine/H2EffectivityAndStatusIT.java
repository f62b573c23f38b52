package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link EffectivityAndStatusContract} run against H2. */
class H2EffectivityAndStatusIT extends EffectivityAndStatusContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
