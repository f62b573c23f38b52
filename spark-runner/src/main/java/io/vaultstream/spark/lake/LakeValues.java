package io.vaultstream.spark.lake;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.Locale;

/**
 * The engine's text values in Spark SQL: how a text is cast to a Delta column's type, how a stored
 * value is read back as the engine's text, and the text forms of the lakehouse target's own values
 * (a time as epoch microseconds, exact and independent of the session's time zone).
 */
final class LakeValues {
  private LakeValues() {}

  private static final DateTimeFormatter SQL_TIME =
      new DateTimeFormatterBuilder()
          .appendPattern("yyyy-MM-dd[' ']['T']HH:mm[:ss]")
          .optionalStart()
          .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
          .optionalEnd()
          .optionalStart()
          .appendOffset("+HH:MM", "Z")
          .optionalEnd()
          .optionalStart()
          .appendOffset("+HH", "Z")
          .optionalEnd()
          .toFormatter(Locale.ROOT);

  /** A time as the target's text: epoch microseconds. */
  static String timeText(long micros) {
    return Long.toString(micros);
  }

  /** A time given as epoch microseconds or as ISO text with an offset, in microseconds. */
  static long micros(String text) {
    if (isInteger(text)) {
      return Long.parseLong(text);
    }
    String t = text.trim();
    Instant i;
    try {
      i = Instant.parse(t);
    } catch (java.time.format.DateTimeParseException e) {
      i = OffsetDateTime.parse(t, SQL_TIME).toInstant();
    }
    return Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000L), i.getNano() / 1_000);
  }

  private static boolean isInteger(String text) {
    if (text.isEmpty()) {
      return false;
    }
    for (int i = text.charAt(0) == '-' ? 1 : 0; i < text.length(); i++) {
      if (!Character.isDigit(text.charAt(i))) {
        return false;
      }
    }
    return text.length() > (text.charAt(0) == '-' ? 1 : 0);
  }

  /** A hash key's text in one case, so that keys read back match keys given. */
  static String hexKey(String key) {
    return key == null ? null : key.toLowerCase(Locale.ROOT);
  }

  /** A text expression as a value of the column type. */
  static String cast(String expr, String type) {
    if (type.equals("STRING")) {
      return expr;
    }
    if (type.equals("BINARY")) {
      return "UNHEX(" + expr + ")";
    }
    if (type.startsWith("TIMESTAMP")) {
      // Microseconds (the target's own times) or ISO text (a source's time as the event gave it).
      return "CASE WHEN "
          + expr
          + " RLIKE '^-?[0-9]+$' THEN timestamp_micros(CAST("
          + expr
          + " AS BIGINT)) ELSE CAST("
          + expr
          + " AS TIMESTAMP) END";
    }
    return "CAST(" + expr + " AS " + type + ")";
  }

  /** A stored value of the column type read back as the engine's text. */
  static String asText(String expr, String type) {
    if (type.equals("STRING")) {
      return expr;
    }
    if (type.equals("BINARY")) {
      return "lower(hex(" + expr + "))";
    }
    if (type.startsWith("TIMESTAMP")) {
      return "CAST(unix_micros(" + expr + ") AS STRING)";
    }
    return "CAST(" + expr + " AS STRING)";
  }

  private static final java.util.Set<String> BOOLEANS =
      java.util.Set.of("t", "true", "y", "yes", "1", "f", "false", "n", "no", "0");

  private static final java.util.regex.Pattern DECIMAL =
      java.util.regex.Pattern.compile("DECIMAL\\((\\d+),(\\d+)\\)");

  /**
   * Why a column of Spark type {@code type} cannot hold the value of canonical text {@code text}
   * (the cast the MERGE applies would fail, or would silently give null), or null when it can. As
   * strict as PostgreSQL's columns of the declared types: a number must be a number of the type's
   * range, a decimal must keep its digits before the point after rounding to the scale.
   */
  static String problem(String type, String text) {
    String t = text.trim();
    switch (type) {
      case "SMALLINT":
        return integer(t, Short.MIN_VALUE, Short.MAX_VALUE);
      case "INT":
        return integer(t, Integer.MIN_VALUE, Integer.MAX_VALUE);
      case "BIGINT":
        return integer(t, Long.MIN_VALUE, Long.MAX_VALUE);
      case "FLOAT", "DOUBLE":
        return floating(t, type.equals("FLOAT"));
      case "BOOLEAN":
        return BOOLEANS.contains(t.toLowerCase(Locale.ROOT)) ? null : "not a boolean";
      case "DATE":
        return date(t);
      case "BINARY":
        return t.length() % 2 == 0 && t.chars().allMatch(LakeValues::isHexDigit)
            ? null
            : "not hexadecimal bytes";
      case "TIMESTAMP", "TIMESTAMP_NTZ":
        return timestamp(t);
      default:
        break;
    }
    java.util.regex.Matcher m = DECIMAL.matcher(type);
    return m.matches()
        ? decimal(t, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)))
        : null;
  }

  private static String integer(String t, long min, long max) {
    long v;
    try {
      v = Long.parseLong(t);
    } catch (NumberFormatException e) {
      return isInteger(t) ? "out of range" : "not an integer";
    }
    return v < min || v > max ? "out of range (" + min + " to " + max + ")" : null;
  }

  private static String floating(String t, boolean single) {
    double v;
    try {
      v = Double.parseDouble(t);
    } catch (NumberFormatException e) {
      return "not a number";
    }
    return single && !Double.isInfinite(v) && Math.abs(v) > Float.MAX_VALUE ? "out of range" : null;
  }

  private static String decimal(String t, int precision, int scale) {
    java.math.BigDecimal v;
    try {
      v = new java.math.BigDecimal(t);
    } catch (NumberFormatException e) {
      return "not a number";
    }
    if (v.precision() - v.scale() > precision + 1) {
      return "more than " + (precision - scale) + " digits before the decimal point";
    }
    java.math.BigDecimal r = v.setScale(scale, java.math.RoundingMode.HALF_UP);
    if (r.signum() != 0 && r.precision() - r.scale() > precision - scale) {
      return "more than " + (precision - scale) + " digits before the decimal point";
    }
    return null;
  }

  private static String date(String t) {
    int end = t.length();
    for (int i = 0; i < t.length(); i++) {
      if (t.charAt(i) == ' ' || t.charAt(i) == 'T') {
        end = i;
        break;
      }
    }
    try {
      java.time.LocalDate.parse(t.substring(0, end));
      return null;
    } catch (java.time.format.DateTimeParseException e) {
      return "not a date (YYYY-MM-DD)";
    }
  }

  private static String timestamp(String t) {
    if (isInteger(t)) {
      // Epoch microseconds: the loader's own times.
      return integer(t, Long.MIN_VALUE, Long.MAX_VALUE) == null ? null : "out of range";
    }
    try {
      java.time.LocalDateTime.parse(t, SQL_TIME);
      return null;
    } catch (java.time.format.DateTimeParseException e) {
      return "not a timestamp (YYYY-MM-DD HH:MM:SS with an optional fraction and offset)";
    }
  }

  private static boolean isHexDigit(int c) {
    return Character.digit(c, 16) >= 0;
  }
}
