package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;

/** {@link ShopHistoryContract} run against H2. */
class H2ShopHistoryIT extends ShopHistoryContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }
}
