package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link EffectivityAndStatusContract} run against PostgreSQL. */
class PostgresEffectivityAndStatusIT extends EffectivityAndStatusContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
