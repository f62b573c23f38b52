package io.vaultstream.samples;

import java.util.List;

/** One of the shop's event streams behind {@link ShopEventGenerator}. */
interface ShopStream {
  /** The next {@code count} records. */
  List<ChangeRecord> next(int count);
}
