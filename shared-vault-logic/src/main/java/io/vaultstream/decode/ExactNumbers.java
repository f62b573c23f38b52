package io.vaultstream.decode;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Numbers taken exactly or not at all: a whole number that does not fit a long is refused rather
 * than wrapped around, and decimals are bounded before anything renders their digits.
 */
final class ExactNumbers {
  /**
   * PostgreSQL numeric's limits: 131072 digits before the decimal point, 16383 after. Every value a
   * source database can hold is within them; {@code 1e999999999} (11 characters of JSON) is not,
   * and its plain text would be a billion digits.
   */
  static final int MAX_INTEGER_DIGITS = 131_072;

  static final int MAX_FRACTION_DIGITS = 16_383;

  /** What a number within the bounds looks like, for messages. */
  static final String NUMERIC_LIMITS =
      "at most "
          + MAX_INTEGER_DIGITS
          + " digits before the decimal point and "
          + MAX_FRACTION_DIGITS
          + " after (PostgreSQL numeric's limits)";

  // A whole number below 2^435411 has at most 131072 decimal digits.
  private static final int MAX_BITS = 435_411;

  private ExactNumbers() {}

  /** The value as a long when it is a whole number within long's range, else null. */
  static Long longValue(Object v) {
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return ((Number) v).longValue();
    }
    if (v instanceof BigInteger b) {
      return b.bitLength() <= 63 ? b.longValue() : null;
    }
    if (v instanceof BigDecimal d) {
      try {
        // longValueExact refuses more than 19 integer digits before computing any of them.
        return d.longValueExact();
      } catch (ArithmeticException e) {
        return null;
      }
    }
    if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      // 2^63 is exactly representable as a double; every whole double below it fits a long.
      return d == Math.rint(d) && d >= -0x1p63 && d < 0x1p63 ? (long) d : null;
    }
    return null;
  }

  /** Whether a number has no fraction (however large it is). */
  static boolean isWhole(Object v) {
    if (v instanceof BigDecimal d) {
      return d.signum() == 0 || d.scale() <= 0 || d.stripTrailingZeros().scale() <= 0;
    }
    if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      return Double.isInfinite(d) || d == Math.rint(d);
    }
    return v instanceof Number;
  }

  /**
   * The digits a number's plain text has beyond those written: {@code 1e5} has one significant
   * digit and six in plain text (five added), {@code 1e-5} six (0.00001).
   */
  static long addedDigits(Object v) {
    if (v instanceof BigDecimal d && d.signum() != 0) {
      long before = Math.max(1L, (long) d.precision() - d.scale());
      long after = Math.max(0L, d.scale());
      return Math.max(0L, before + after - d.precision());
    }
    return 0;
  }

  /** Whether a number's plain text is within {@link #NUMERIC_LIMITS}. */
  static boolean withinLimits(Object v) {
    if (v instanceof BigDecimal d) {
      if (d.signum() == 0) {
        return d.scale() <= MAX_FRACTION_DIGITS; // 0E+9 prints as 0
      }
      return d.scale() <= MAX_FRACTION_DIGITS
          && (long) d.precision() - d.scale() <= MAX_INTEGER_DIGITS;
    }
    if (v instanceof BigInteger b) {
      return b.bitLength() <= MAX_BITS;
    }
    return true;
  }
}
