package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ReferencesAndProfilesContract} run against PostgreSQL. */
class PostgresReferencesAndProfilesIT extends ReferencesAndProfilesContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
