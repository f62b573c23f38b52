package io.vaultstream.decode;

import io.vaultstream.testing.TargetDatabase;

/** {@link BadValuesContract} run against PostgreSQL. */
class PostgresBadValuesIT extends BadValuesContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
