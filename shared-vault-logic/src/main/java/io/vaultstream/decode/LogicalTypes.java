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
    try {
      return convert(name, params, value);
    } catch (DateTimeException | ArithmeticException e) {
      // Beyond what java.time holds (a date a billion years away): a bad record, not a task
      // failure.
      throw new ValueException(
          ValueText.kind(value) + " is not a valid " + name + " value: " + e.getMessage(), e);
    }
  }

  /** One case per logical type; the conversions that take more than a line have methods below. */
  private static Object convert(String name, Map<String, String> params, Object value) {
    return switch (name) {
      case "org.apache.kafka.connect.data.Decimal" -> decimal(params, value, name);
      case "io.debezium.data.VariableScaleDecimal" -> variableScaleDecimal(value, name);
      case "io.debezium.time.Date", "org.apache.kafka.connect.data.Date" -> date(value, name);
      case "io.debezium.time.Time", "org.apache.kafka.connect.data.Time" -> time(value, name);
      case "io.debezium.time.MicroTime" -> TimeOfDay.of(number(value, name), 1_000L, name);
      case "io.debezium.time.NanoTime" -> TimeOfDay.of(number(value, name), 1L, name);
      case "io.debezium.time.Timestamp" -> millis(number(value, name));
      case "org.apache.kafka.connect.data.Timestamp" -> instant(value, name);
      case "io.debezium.time.MicroTimestamp" -> micros(number(value, name));
      case "io.debezium.time.NanoTimestamp" -> nanos(number(value, name));
      case "io.debezium.time.ZonedTimestamp" -> zonedTimestamp(value.toString());
      case "io.debezium.time.ZonedTime" -> OffsetTime.parse(value.toString());
      case "io.debezium.data.Uuid" -> uuid(value, name);
      default -> value;
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
