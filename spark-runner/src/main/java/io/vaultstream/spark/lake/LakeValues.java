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
}
