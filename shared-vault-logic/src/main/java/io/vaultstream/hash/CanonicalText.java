package io.vaultstream.hash;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Collection;
import java.util.Date;
import java.util.HexFormat;
import java.util.Map;

/**
 * Renders a normalised value as the canonical text that is hashed, so that a key computed here
 * equals the one PostgreSQL computes from {@code value::text} over the same source row (timestamps
 * taken in UTC).
 */
public final class CanonicalText {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HexFormat HEX = HexFormat.of();

  /** PostgreSQL numeric's limits, which every value a source database holds is within. */
  private static final int MAX_INTEGER_DIGITS = 131_072;

  private static final int MAX_FRACTION_DIGITS = 16_383;

  private CanonicalText() {}

  /** The canonical text of a value; {@code null} for SQL NULL. */
  public static String of(Object v) {
    if (v == null) {
      return null;
    }
    if (v instanceof String s) {
      return s;
    }
    String text = scalar(v);
    if (text == null) {
      text = temporal(v);
    }
    return text != null ? text : other(v);
  }

  /** A number's or a boolean's text, or null for a value of another type. */
  private static String scalar(Object v) {
    if (v instanceof Integer
        || v instanceof Long
        || v instanceof Short
        || v instanceof Byte
        || v instanceof BigInteger) {
      return v.toString();
    }
    if (v instanceof BigDecimal d) {
      return plain(d);
    }
    if (v instanceof Double d) {
      return doubleText(d);
    }
    if (v instanceof Float f) {
      return floatText(f);
    }
    if (v instanceof Boolean b) {
      return b ? "true" : "false";
    }
    return null;
  }

  /** A date's, time's or timestamp's text (times and timestamps in UTC), or null for another. */
  private static String temporal(Object v) {
    if (v instanceof LocalDate d) {
      return d.toString();
    }
    if (v instanceof LocalTime t) {
      return time(t);
    }
    if (v instanceof OffsetTime t) {
      return time(t.withOffsetSameInstant(ZoneOffset.UTC).toLocalTime());
    }
    if (v instanceof Instant i) {
      return timestamp(LocalDateTime.ofInstant(i, ZoneOffset.UTC));
    }
    if (v instanceof OffsetDateTime o) {
      return timestamp(LocalDateTime.ofInstant(o.toInstant(), ZoneOffset.UTC));
    }
    if (v instanceof ZonedDateTime z) {
      return timestamp(LocalDateTime.ofInstant(z.toInstant(), ZoneOffset.UTC));
    }
    if (v instanceof LocalDateTime l) {
      return timestamp(l);
    }
    if (v instanceof Date d) {
      return timestamp(LocalDateTime.ofInstant(d.toInstant(), ZoneOffset.UTC));
    }
    return null;
  }

  /** Bytes as hex, maps and collections as JSON, enums by name, anything else by toString. */
  private static String other(Object v) {
    if (v instanceof byte[] b) {
      return HEX.formatHex(b);
    }
    if (v instanceof ByteBuffer bb) {
      ByteBuffer copy = bb.duplicate();
      byte[] b = new byte[copy.remaining()];
      copy.get(b);
      return HEX.formatHex(b);
    }
    if (v instanceof Map<?, ?> || v instanceof Collection<?>) {
      return toJson(v).toString();
    }
    if (v instanceof Enum<?> e) {
      return e.name();
    }
    return v.toString();
  }

  /**
   * A decimal in plain notation. Its digits are bounded first: {@code 1e999999999} is 11 characters
   * and a billion digits in plain notation. Decoding refuses such values (a bad record); this is
   * the last guard for values that did not come through it.
   */
  private static String plain(BigDecimal d) {
    long before = (long) d.precision() - d.scale();
    if (d.scale() > MAX_FRACTION_DIGITS || (d.signum() != 0 && before > MAX_INTEGER_DIGITS)) {
      throw new IllegalArgumentException(
          "the number "
              + d
              + " has no canonical text: at most "
              + MAX_INTEGER_DIGITS
              + " digits before the decimal point and "
              + MAX_FRACTION_DIGITS
              + " after (PostgreSQL numeric's limits)");
    }
    return d.toPlainString();
  }

  /** {@code HH:MM:SS} with the fraction of a second, trailing zeros removed. */
  static String time(LocalTime t) {
    StringBuilder sb = new StringBuilder(18);
    two(sb, t.getHour()).append(':');
    two(sb, t.getMinute()).append(':');
    two(sb, t.getSecond());
    fraction(sb, t.getNano());
    return sb.toString();
  }

  /** {@code YYYY-MM-DD HH:MM:SS} with the fraction of a second, trailing zeros removed. */
  static String timestamp(LocalDateTime l) {
    return l.toLocalDate() + " " + time(l.toLocalTime());
  }

  private static StringBuilder two(StringBuilder sb, int v) {
    if (v < 10) {
      sb.append('0');
    }
    return sb.append(v);
  }

  private static void fraction(StringBuilder sb, int nanos) {
    if (nanos == 0) {
      return;
    }
    String digits = String.valueOf(1_000_000_000 + nanos).substring(1);
    int end = digits.length();
    while (digits.charAt(end - 1) == '0') {
      end--;
    }
    sb.append('.').append(digits, 0, end);
  }

  /** A double as PostgreSQL prints float8: shortest round-trip digits, %g-style exponent. */
  static String doubleText(double d) {
    if (Double.isNaN(d)) {
      return "NaN";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "Infinity" : "-Infinity";
    }
    if (d == 0) {
      return (1 / d < 0) ? "-0" : "0";
    }
    BigDecimal exact = new BigDecimal(d);
    for (int p = 1; p <= 17; p++) {
      BigDecimal r = exact.round(new MathContext(p, RoundingMode.HALF_EVEN));
      if (r.doubleValue() == d) {
        return pgFloat(r, 15);
      }
    }
    return pgFloat(exact.round(MathContext.DECIMAL64), 15);
  }

  /** A float as PostgreSQL prints float4. */
  static String floatText(float f) {
    if (Float.isNaN(f)) {
      return "NaN";
    }
    if (Float.isInfinite(f)) {
      return f > 0 ? "Infinity" : "-Infinity";
    }
    if (f == 0) {
      return (1 / f < 0) ? "-0" : "0";
    }
    BigDecimal exact = new BigDecimal(f);
    for (int p = 1; p <= 9; p++) {
      BigDecimal r = exact.round(new MathContext(p, RoundingMode.HALF_EVEN));
      if (r.floatValue() == f) {
        return pgFloat(r, 6);
      }
    }
    return pgFloat(exact.round(MathContext.DECIMAL32), 6);
  }

  private static String pgFloat(BigDecimal r, int digitsLimit) {
    BigDecimal s = r.stripTrailingZeros();
    String sign = s.signum() < 0 ? "-" : "";
    String digits = s.unscaledValue().abs().toString();
    int exp = digits.length() - 1 - s.scale();
    if (exp < -4 || exp >= digitsLimit) {
      StringBuilder sb = new StringBuilder(sign).append(digits.charAt(0));
      if (digits.length() > 1) {
        sb.append('.').append(digits, 1, digits.length());
      }
      sb.append('e').append(exp < 0 ? '-' : '+');
      int a = Math.abs(exp);
      if (a < 10) {
        sb.append('0');
      }
      return sb.append(a).toString();
    }
    return sign + s.abs().toPlainString();
  }

  private static JsonNode toJson(Object v) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    if (v == null) {
      return f.nullNode();
    }
    if (v instanceof Map<?, ?> m) {
      ObjectNode o = f.objectNode();
      m.forEach((k, val) -> o.set(String.valueOf(k), toJson(val)));
      return o;
    }
    if (v instanceof Collection<?> c) {
      ArrayNode a = f.arrayNode();
      c.forEach(e -> a.add(toJson(e)));
      return a;
    }
    if (v instanceof Boolean b) {
      return f.booleanNode(b);
    }
    if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
      return f.numberNode(((Number) v).longValue());
    }
    if (v instanceof BigInteger b) {
      return f.numberNode(b);
    }
    if (v instanceof BigDecimal d) {
      return f.numberNode(d);
    }
    if (v instanceof Double || v instanceof Float) {
      return f.numberNode(((Number) v).doubleValue());
    }
    return f.textNode(of(v));
  }

  /** Compact JSON of a tree (used for struct and array values). */
  static String compact(JsonNode node) {
    try {
      return JSON.writeValueAsString(node);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
