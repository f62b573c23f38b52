package io.vaultstream.waiting;

import io.vaultstream.event.ChangeEvent;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.Map;

/**
 * An estimate of the memory one event held in memory keeps (see {@code WaitingHold}): its decoded
 * row, with the JVM's overhead per object, and as much again for the raw record it keeps for the
 * waiting row it may become (the record's bytes, or the converter's structure they would be
 * rendered from, which hold the same values). The raw record is not rendered to measure it: a
 * Connect {@code Struct} is rendered to JSON only if its event becomes a waiting or error row.
 */
public final class WaitingHeldSize {
  /** The event, its position, its problem and the references between them. */
  public static final long PER_EVENT = 512;

  private WaitingHeldSize() {}

  /** The estimated bytes an event held in memory keeps. */
  public static long of(ChangeEvent e) {
    return PER_EVENT + 2 * size(e.row());
  }

  private static long size(Object v) {
    if (v == null) {
      return 8;
    }
    if (v instanceof CharSequence s) {
      return 48 + 2L * s.length();
    }
    if (v instanceof byte[] b) {
      return 24 + b.length;
    }
    if (v instanceof BigDecimal d) {
      return 64 + d.precision() / 2; // about 3.3 bits a digit; unscaledValue() would allocate
    }
    if (v instanceof Map<?, ?> m) {
      long[] n = {64};
      // forEach, not entrySet(): an unmodifiable map's entry set wraps every entry it hands out
      m.forEach((key, value) -> n[0] += 40 + size(key) + size(value));
      return n[0];
    }
    if (v instanceof Collection<?> c) {
      long n = 48;
      for (Object x : c) {
        n += 8 + size(x);
      }
      return n;
    }
    return 24; // a boxed number, a boolean, a time
  }
}
