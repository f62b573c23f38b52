package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ShopHistoryContract} run against PostgreSQL. */
class PostgresShopHistoryIT extends ShopHistoryContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }
}
