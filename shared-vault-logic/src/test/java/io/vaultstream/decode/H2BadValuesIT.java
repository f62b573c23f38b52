package io.vaultstream.decode;

import io.vaultstream.testing.TargetDatabase;

/** {@link BadValuesContract} run against H2. */
class H2BadValuesIT extends BadValuesContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
