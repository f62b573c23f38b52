package io.vaultstream.fuzz;

import io.vaultstream.testing.TargetDatabase;

/** {@link RecordFuzzContract} run against PostgreSQL. */
class PostgresRecordFuzzIT extends RecordFuzzContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
