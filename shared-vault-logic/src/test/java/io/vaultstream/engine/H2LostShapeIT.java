package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link LostShapeContract} run against H2. */
class H2LostShapeIT extends LostShapeContract {
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
