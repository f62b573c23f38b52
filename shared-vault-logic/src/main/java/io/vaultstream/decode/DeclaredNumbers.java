package io.vaultstream.decode;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The numeric part of {@link DeclaredTypes}: numbers and their text brought to a declared numeric,
 * integer or floating-point type, refused as PostgreSQL would refuse them.
 */
final class DeclaredNumbers {
  private static final Pattern PRECISION =
      Pattern.compile("(?:numeric|decimal)\\s*\\(\\s*(\\d+)\\s*(?:,\\s*(\\d+)\\s*)?\\)");

  private DeclaredNumbers() {}

  /** The numeric, integer and floating-point types; any other type keeps the value. */
  static Object convert(String type, Object v) {
    if (type.startsWith("numeric") || type.startsWith("decimal")) {
      return numeric(type, v);
    }
    if (type.equals("bigint") || type.equals("int8")) {
      return v instanceof Long ? v : whole(v, Long.MIN_VALUE, Long.MAX_VALUE);
    }
    if (type.equals("integer") || type.equals("int") || type.equals("int4")) {
      return v instanceof Integer ? v : (int) whole(v, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }
    if (type.equals("smallint") || type.equals("int2")) {
      return v instanceof Integer i && i == i.shortValue()
          ? v
          : (int) whole(v, Short.MIN_VALUE, Short.MAX_VALUE);
    }
    if (type.equals("real") || type.equals("float4")) {
      return v instanceof Float ? v : (float) floating(v, Float.MAX_VALUE);
    }
    if (type.equals("double precision") || type.equals("float8") || type.equals("float")) {
      return v instanceof Double ? v : floating(v, Double.MAX_VALUE);
    }
    return v;
  }

  private static BigDecimal numeric(String type, Object v) {
    BigDecimal d = decimal(v);
    // Bounded before setScale, which would otherwise compute a billion digits of 1e999999999.
    if (!ExactNumbers.withinLimits(d)) {
      throw new DeclaredTypes.Misfit("a number with " + ExactNumbers.NUMERIC_LIMITS);
    }
    Matcher m = PRECISION.matcher(type);
    if (!m.find()) {
      return d;
    }
    int precision = Integer.parseInt(m.group(1));
    int scale = m.group(2) == null ? 0 : Integer.parseInt(m.group(2));
    if (scale > ExactNumbers.MAX_FRACTION_DIGITS) {
      return d; // not a PostgreSQL type (the table cannot be created): no rounding into memory
    }
    if (d.scale() != scale) {
      // As PostgreSQL stores a value in numeric(p,s): rounded half away from zero.
      d = d.setScale(scale, RoundingMode.HALF_UP);
    }
    if (d.signum() != 0 && d.precision() - d.scale() > precision - scale) {
      // PostgreSQL refuses it too ("numeric field overflow").
      throw new DeclaredTypes.Misfit(
          "a number with at most " + (precision - scale) + " digits before the decimal point");
    }
    return d;
  }

  /** A number or the text of one, exactly (no Java-only spellings such as {@code 1d} or hex). */
  private static BigDecimal decimal(Object v) {
    try {
      if (v instanceof BigDecimal b) {
        return b;
      }
      if (v instanceof Number || v instanceof String) {
        return new BigDecimal(v.toString().trim());
      }
    } catch (NumberFormatException e) {
      // described below
    }
    throw new DeclaredTypes.Misfit("a number");
  }

  private static long whole(Object v, long min, long max) {
    Long n = v instanceof Boolean ? null : ExactNumbers.longValue(decimal(v));
    if (n == null || n < min || n > max) {
      throw new DeclaredTypes.Misfit("a whole number from " + min + " to " + max);
    }
    return n;
  }

  private static double floating(Object v, double max) {
    double d;
    if (v instanceof Double || v instanceof Float) {
      d = ((Number) v).doubleValue();
      if (!Double.isFinite(d)) {
        return d; // a float value's own NaN or infinity
      }
    } else {
      if (v instanceof String s) {
        switch (s.trim().toLowerCase(Locale.ROOT)) {
          case "nan":
            return Double.NaN; // PostgreSQL's float types accept these words too
          case "infinity", "inf", "+infinity", "+inf":
            return Double.POSITIVE_INFINITY;
          case "-infinity", "-inf":
            return Double.NEGATIVE_INFINITY;
          default:
            break;
        }
      }
      BigDecimal b = decimal(v);
      // Beyond the float type's range a number would silently become Infinity.
      d = ExactNumbers.withinLimits(b) ? b.doubleValue() : Double.POSITIVE_INFINITY;
    }
    if (Math.abs(d) > max) {
      throw new DeclaredTypes.Misfit("a number within ±" + max + ", NaN, Infinity or -Infinity");
    }
    return d;
  }
}
