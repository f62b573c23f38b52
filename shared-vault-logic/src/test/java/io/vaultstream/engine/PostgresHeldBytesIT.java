package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link HeldBytesContract} run against PostgreSQL. */
class PostgresHeldBytesIT extends HeldBytesContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
