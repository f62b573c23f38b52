package io.vaultstream.fuzz;

import io.vaultstream.testing.TargetDatabase;

/** {@link RecordFuzzContract} run against MariaDB. */
class MariaDbRecordFuzzIT extends RecordFuzzContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
