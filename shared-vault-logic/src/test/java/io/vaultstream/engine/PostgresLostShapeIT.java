package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link LostShapeContract} run against PostgreSQL. */
class PostgresLostShapeIT extends LostShapeContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
