package io.vaultstream.decode;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
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
    switch (name) {
      case "org.apache.kafka.connect.data.Decimal":
        if (value instanceof BigDecimal d) {
          return d;
        }
        return new BigDecimal(new BigInteger(bytes(value, name)), scale(params, name));
      case "io.debezium.data.VariableScaleDecimal":
        if (value instanceof Map<?, ?> m) {
          Object scale = m.get("scale");
          Object v = m.get("value");
          if (v == null) {
            return null;
          }
          return new BigDecimal(new BigInteger(bytes(v, name)), ((Number) scale).intValue());
        }
        return value;
      case "io.debezium.time.Date", "org.apache.kafka.connect.data.Date":
        if (value instanceof java.util.Date d) {
          return LocalDate.ofInstant(d.toInstant(), ZoneOffset.UTC);
        }
        return LocalDate.ofEpochDay(number(value, name).longValue());
      case "io.debezium.time.Time", "org.apache.kafka.connect.data.Time":
        if (value instanceof java.util.Date d) {
          return LocalTime.ofNanoOfDay((d.getTime() % 86_400_000L) * 1_000_000L);
        }
        return LocalTime.ofNanoOfDay(number(value, name).longValue() * 1_000_000L);
      case "io.debezium.time.MicroTime":
        return LocalTime.ofNanoOfDay(number(value, name).longValue() * 1_000L);
      case "io.debezium.time.NanoTime":
        return LocalTime.ofNanoOfDay(number(value, name).longValue());
      case "io.debezium.time.Timestamp":
        return LocalDateTime.ofEpochSecond(0, 0, ZoneOffset.UTC)
            .plusNanos(number(value, name).longValue() * 1_000_000L);
      case "org.apache.kafka.connect.data.Timestamp":
        if (value instanceof java.util.Date d) {
          return d.toInstant();
        }
        return Instant.ofEpochMilli(number(value, name).longValue());
      case "io.debezium.time.MicroTimestamp":
        return micros(number(value, name).longValue());
      case "io.debezium.time.NanoTimestamp":
        long n = number(value, name).longValue();
        return LocalDateTime.ofEpochSecond(
            Math.floorDiv(n, 1_000_000_000L),
            (int) Math.floorMod(n, 1_000_000_000L),
            ZoneOffset.UTC);
      case "io.debezium.time.ZonedTimestamp":
        return OffsetDateTime.parse(value.toString()).toInstant();
      case "io.debezium.time.ZonedTime":
        return OffsetTime.parse(value.toString());
      case "io.debezium.data.Uuid":
        return UUID.fromString(value.toString()).toString();
      default:
        return value;
    }
  }

  private static LocalDateTime micros(long us) {
    return LocalDateTime.ofEpochSecond(
        Math.floorDiv(us, 1_000_000L), (int) Math.floorMod(us, 1_000_000L) * 1000, ZoneOffset.UTC);
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
        throw new DecodeException("a " + name + " value must be base64 bytes, got '" + s + "'");
      }
    }
    throw new DecodeException(
        "a " + name + " value must be bytes, got " + v.getClass().getSimpleName());
  }

  private static int scale(Map<String, String> params, String name) {
    String s = params == null ? null : params.get("scale");
    if (s == null) {
      throw new DecodeException("a " + name + " schema must have the parameter 'scale'");
    }
    return Integer.parseInt(s);
  }

  private static Number number(Object v, String name) {
    if (v instanceof Number n) {
      return n;
    }
    try {
      return Long.parseLong(v.toString());
    } catch (NumberFormatException e) {
      throw new DecodeException("a " + name + " value must be a number, got '" + v + "'");
    }
  }
}
