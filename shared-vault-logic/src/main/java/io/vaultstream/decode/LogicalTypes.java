package io.vaultstream.decode;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;

/**
 * Normalises values carrying a Connect or Debezium logical type name into Java values: decimals to
 * BigDecimal, dates and times to java.time, UUIDs to lower-case text. Shared by every runtime's
 * decoding so values hash the same everywhere.
 */
public final class LogicalTypes {
  private LogicalTypes() {}

  /**
   * Normalises one value.
   *
   * @param name the schema's logical name (may be null)
   * @param params the schema parameters (may be null)
   * @param value the physical value: Integer/Long, String, byte[] (or base64 text), or a Map for
   *     structs
   */
  public static Object normalize(String name, Map<String, String> params, Object value) {
    if (value == null || name == null) {
      return value;
    }
    Logical logical = Logical.of(name);
    return logical == null ? value : normalize(logical, name, params, value);
  }

  /** The logical types converted; any other name leaves its value as it is. */
  public enum Logical {
    DECIMAL,
    VARIABLE_SCALE_DECIMAL,
    DATE,
    TIME,
    MICRO_TIME,
    NANO_TIME,
    MILLI_TIMESTAMP,
    CONNECT_TIMESTAMP,
    MICRO_TIMESTAMP,
    NANO_TIMESTAMP,
    ZONED_TIMESTAMP,
    ZONED_TIME,
    DEBEZIUM_UUID;

    /**
     * The logical type named so, or null for a name whose values are kept as they are: found once
     * per schema by a reader that keeps it, not once per value.
     */
    public static Logical of(String name) {
      return switch (name) {
        case "org.apache.kafka.connect.data.Decimal" -> DECIMAL;
        case "io.debezium.data.VariableScaleDecimal" -> VARIABLE_SCALE_DECIMAL;
        case "io.debezium.time.Date", "org.apache.kafka.connect.data.Date" -> DATE;
        case "io.debezium.time.Time", "org.apache.kafka.connect.data.Time" -> TIME;
        case "io.debezium.time.MicroTime" -> MICRO_TIME;
        case "io.debezium.time.NanoTime" -> NANO_TIME;
        case "io.debezium.time.Timestamp" -> MILLI_TIMESTAMP;
        case "org.apache.kafka.connect.data.Timestamp" -> CONNECT_TIMESTAMP;
        case "io.debezium.time.MicroTimestamp" -> MICRO_TIMESTAMP;
        case "io.debezium.time.NanoTimestamp" -> NANO_TIMESTAMP;
        case "io.debezium.time.ZonedTimestamp" -> ZONED_TIMESTAMP;
        case "io.debezium.time.ZonedTime" -> ZONED_TIME;
        case "io.debezium.data.Uuid" -> DEBEZIUM_UUID;
        default -> null;
      };
    }
  }

  /**
   * {@link #normalize(String, Map, Object)} of a value whose logical type {@code name} is known to
   * be {@code logical}.
   */
  public static Object normalize(
      Logical logical, String name, Map<String, String> params, Object value) {
    if (value == null) {
      return null;
    }
    try {
      return convert(logical, name, params, value);
    } catch (DateTimeException | ArithmeticException e) {
      // Beyond what java.time holds (a date a billion years away): a bad record, not a task
      // failure.
      throw new ValueException(
          ValueText.kind(value) + " is not a valid " + name + " value: " + e.getMessage(), e);
    }
  }

  /** One case per logical type; the conversions that take more than a line have methods below. */
  private static Object convert(
      Logical logical, String name, Map<String, String> params, Object value) {
    return switch (logical) {
      case DECIMAL -> decimal(params, value, name);
      case VARIABLE_SCALE_DECIMAL -> variableScaleDecimal(value, name);
      case DATE -> date(value, name);
      case TIME -> time(value, name);
      case MICRO_TIME -> TimeOfDay.of(number(value, name), 1_000L, name);
      case NANO_TIME -> TimeOfDay.of(number(value, name), 1L, name);
      case MILLI_TIMESTAMP -> millis(number(value, name));
      case CONNECT_TIMESTAMP -> instant(value, name);
      case MICRO_TIMESTAMP -> micros(number(value, name));
      case NANO_TIMESTAMP -> nanos(number(value, name));
      case ZONED_TIMESTAMP -> zonedTimestamp(value.toString());
      case ZONED_TIME -> OffsetTime.parse(value.toString());
      case DEBEZIUM_UUID -> uuid(value, name);
    };
  }

  private static BigDecimal decimal(Map<String, String> params, Object value, String name) {
    if (value instanceof BigDecimal d) {
      return d;
    }
    return new BigDecimal(new BigInteger(bytes(value, name)), scale(params, name));
  }

  /** A struct of the unscaled bytes and the scale; anything else is passed through. */
  private static Object variableScaleDecimal(Object value, String name) {
    if (!(value instanceof Map<?, ?> m)) {
      return value;
    }
    Object v = m.get("value");
    if (v == null) {
      return null;
    }
    Long scale = ExactNumbers.longValue(m.get("scale"));
    if (scale == null || scale != scale.intValue()) {
      throw new ValueException(
          "a " + name + " value needs a whole 'scale', got " + ValueText.kind(m.get("scale")));
    }
    return new BigDecimal(new BigInteger(bytes(v, name)), scale.intValue());
  }

  private static LocalDate date(Object value, String name) {
    if (value instanceof java.util.Date d) {
      return LocalDate.ofInstant(d.toInstant(), ZoneOffset.UTC);
    }
    return LocalDate.ofEpochDay(number(value, name));
  }

  private static Object time(Object value, String name) {
    if (value instanceof java.util.Date d) {
      return TimeOfDay.of(d.getTime(), 1_000_000L, name);
    }
    return TimeOfDay.of(number(value, name), 1_000_000L, name);
  }

  private static Instant instant(Object value, String name) {
    if (value instanceof java.util.Date d) {
      return d.toInstant();
    }
    return Instant.ofEpochMilli(number(value, name));
  }

  /** Debezium's form read by hand, any other ISO-8601 form by {@code OffsetDateTime}. */
  private static Instant zonedTimestamp(String text) {
    Instant fast = IsoInstants.parse(text);
    return fast != null ? fast : OffsetDateTime.parse(text).toInstant();
  }

  private static String uuid(Object value, String name) {
    try {
      return UUID.fromString(value.toString()).toString();
    } catch (IllegalArgumentException e) {
      throw new ValueException(
          "a " + name + " value must be a UUID, got " + ValueText.kind(value), e);
    }
  }

  private static LocalDateTime millis(long ms) {
    // floorDiv/floorMod, not ms * 1_000_000 ns: that wrapped 9999-12-31 around to 1816-03-29.
    return LocalDateTime.ofEpochSecond(
        Math.floorDiv(ms, 1000L), (int) Math.floorMod(ms, 1000L) * 1_000_000, ZoneOffset.UTC);
  }

  private static LocalDateTime micros(long us) {
    return LocalDateTime.ofEpochSecond(
        Math.floorDiv(us, 1_000_000L), (int) Math.floorMod(us, 1_000_000L) * 1000, ZoneOffset.UTC);
  }

  private static LocalDateTime nanos(long n) {
    return LocalDateTime.ofEpochSecond(
        Math.floorDiv(n, 1_000_000_000L), (int) Math.floorMod(n, 1_000_000_000L), ZoneOffset.UTC);
  }

  private static byte[] bytes(Object v, String name) {
    if (v instanceof byte[] b) {
      return b;
    }
    if (v instanceof java.nio.ByteBuffer bb) {
      byte[] b = new byte[bb.remaining()];
      bb.duplicate().get(b);
      return b;
    }
    if (v instanceof String s) {
      try {
        return Base64.getDecoder().decode(s);
      } catch (IllegalArgumentException e) {
        throw new ValueException(
            "a " + name + " value must be base64 bytes, got '" + ValueText.shorten(s) + "'");
      }
    }
    throw new ValueException(
        "a " + name + " value must be bytes, got " + v.getClass().getSimpleName());
  }

  private static int scale(Map<String, String> params, String name) {
    String s = params == null ? null : params.get("scale");
    if (s == null) {
      throw new ValueException("a " + name + " schema must have the parameter 'scale'");
    }
    try {
      return Integer.parseInt(s.trim());
    } catch (NumberFormatException e) {
      throw new ValueException(
          "a " + name + " schema's parameter 'scale' must be a whole number, got '" + s + "'");
    }
  }

  /** The value as an exact long: a fraction or a number beyond long is refused, not cut. */
  private static long number(Object v, String name) {
    if (v instanceof Number n) {
      Long exact = ExactNumbers.longValue(n);
      if (exact == null) {
        throw new ValueException(
            "a "
                + name
                + " value must be a whole number from "
                + Long.MIN_VALUE
                + " to "
                + Long.MAX_VALUE
                + ", got "
                + ValueText.kind(v));
      }
      return exact;
    }
    try {
      return Long.parseLong(v.toString());
    } catch (NumberFormatException e) {
      throw new ValueException(
          "a " + name + " value must be a number, got '" + ValueText.shorten(v.toString()) + "'");
    }
  }
}
