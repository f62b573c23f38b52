package io.vaultstream.decode;

import io.vaultstream.event.SourcePosition;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * The event time of a record in epoch microseconds, taken exactly from whichever field carries it
 * and checked to lie in years 1 to 9999: the event time becomes {@code load_dts}, waiting and error
 * rows' {@code event_time}, and PostgreSQL's timestamptz text (as the loader writes it) has four
 * year digits; a time outside them failed the whole batch, and its error row, for good.
 */
final class EventTime {
  /** 0001-01-01T00:00:00Z. */
  static final long MIN_MICROS = -62_135_596_800_000_000L;

  /** 9999-12-31T23:59:59.999999Z. */
  static final long MAX_MICROS = 253_402_300_799_999_999L;

  private EventTime() {}

  /** The first of the fields that holds a number, in microseconds; null when none does. */
  static Long first(SourcePosition at, Object... fieldsAndValues) {
    for (int i = 0; i < fieldsAndValues.length; i += 2) {
      String field = (String) fieldsAndValues[i];
      if (fieldsAndValues[i + 1] instanceof Number n) {
        return of(n, field, field.endsWith("_us") ? 1 : 1000, at);
      }
    }
    return null;
  }

  /** A field holding epoch milliseconds ({@code microsPerUnit} 1000) or microseconds (1). */
  static long of(Number v, String field, long microsPerUnit, SourcePosition at) {
    Long n = ExactNumbers.longValue(v);
    if (n == null) {
      throw bad(
          at,
          field,
          ValueText.kind(v),
          ExactNumbers.isWhole(v) ? "not a time in years 1 to 9999" : "not a whole number",
          microsPerUnit);
    }
    long micros;
    try {
      micros = Math.multiplyExact(n, microsPerUnit);
    } catch (ArithmeticException e) {
      throw bad(at, field, n.toString(), "not a time in years 1 to 9999", microsPerUnit);
    }
    if (micros < MIN_MICROS || micros > MAX_MICROS) {
      throw bad(at, field, n.toString(), "not a time in years 1 to 9999", microsPerUnit);
    }
    return micros;
  }

  /** The Kafka record's timestamp (epoch milliseconds), for records that carry no time. */
  static long ofKafka(long ms, SourcePosition at) {
    return of(ms, "the Kafka timestamp", 1000, at);
  }

  /**
   * An operation-column record's timestamp column: an instant or a timestamp taken as UTC, ISO-8601
   * text, or epoch milliseconds.
   */
  static long ofColumn(Object v, String column, SourcePosition at) {
    if (v instanceof Number n) {
      return of(n, column, 1000, at);
    }
    Instant i;
    try {
      i = instant(v);
    } catch (DateTimeException e) {
      throw new DecodeException(
          at
              + ": timestamp column '"
              + column
              + "' holds "
              + ValueText.kind(v)
              + ", which is not an ISO-8601 timestamp in years 1 to 9999 or epoch milliseconds");
    }
    long seconds = i.getEpochSecond();
    if (seconds < Math.floorDiv(MIN_MICROS, 1_000_000L)
        || seconds > Math.floorDiv(MAX_MICROS, 1_000_000L)) {
      throw new DecodeException(
          at
              + ": timestamp column '"
              + column
              + "' holds "
              + ValueText.kind(v)
              + ", which is not a time in years 1 to 9999");
    }
    return seconds * 1_000_000L + i.getNano() / 1000;
  }

  private static Instant instant(Object v) {
    if (v instanceof Instant i) {
      return i;
    }
    if (v instanceof OffsetDateTime o) {
      return o.toInstant();
    }
    if (v instanceof LocalDateTime l) {
      return l.toInstant(ZoneOffset.UTC);
    }
    String s = v.toString().trim().replace(' ', 'T');
    Instant fast = IsoInstants.parse(s);
    if (fast != null) {
      return fast;
    }
    try {
      return OffsetDateTime.parse(s).toInstant();
    } catch (DateTimeParseException e) {
      return LocalDateTime.parse(s).toInstant(ZoneOffset.UTC);
    }
  }

  private static DecodeException bad(
      SourcePosition at, String field, String value, String what, long microsPerUnit) {
    String unit = microsPerUnit == 1 ? "microseconds" : "milliseconds";
    String name = field.startsWith("the ") ? field : "'" + field + "'";
    return new DecodeException(
        at
            + ": "
            + name
            + " holds "
            + value
            + ", which is "
            + what
            + "; valid: whole epoch "
            + unit
            + " from "
            + Math.floorDiv(MIN_MICROS, microsPerUnit)
            + " (0001-01-01) to "
            + Math.floorDiv(MAX_MICROS, microsPerUnit)
            + " (9999-12-31)");
  }
}
