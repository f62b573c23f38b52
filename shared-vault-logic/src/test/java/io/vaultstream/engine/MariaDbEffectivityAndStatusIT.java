package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link EffectivityAndStatusContract} run against MariaDB. */
class MariaDbEffectivityAndStatusIT extends EffectivityAndStatusContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
