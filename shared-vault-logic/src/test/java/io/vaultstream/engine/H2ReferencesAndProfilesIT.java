package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ReferencesAndProfilesContract} run against H2. */
class H2ReferencesAndProfilesIT extends ReferencesAndProfilesContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
