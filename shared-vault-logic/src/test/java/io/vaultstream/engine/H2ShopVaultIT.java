package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ShopVaultContract} run against H2. */
class H2ShopVaultIT extends ShopVaultContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
