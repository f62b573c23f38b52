package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ShopVaultContract} run against MariaDB. */
class MariaDbShopVaultIT extends ShopVaultContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
