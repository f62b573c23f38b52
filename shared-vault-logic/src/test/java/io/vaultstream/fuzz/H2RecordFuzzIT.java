package io.vaultstream.fuzz;

import io.vaultstream.testing.TargetDatabase;

/** {@link RecordFuzzContract} run against H2. */
class H2RecordFuzzIT extends RecordFuzzContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
