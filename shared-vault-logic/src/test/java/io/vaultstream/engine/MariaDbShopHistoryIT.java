package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ShopHistoryContract} run against MariaDB. */
class MariaDbShopHistoryIT extends ShopHistoryContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }
}
