package io.vaultstream.decode;

import java.time.LocalTime;

/**
 * Times of day from a count of units since midnight, including PostgreSQL's end of day.
 *
 * <p>PostgreSQL's {@code time} accepts {@code 24:00:00} and prints it so; Debezium sends it as a
 * full day's count (MicroTime 86400000000). The canonical text of a time is what PostgreSQL prints
 * ({@code value::text}), so {@code 24:00:00} is its own canonical text, hashes as the database
 * would hash it and casts back into a {@code time} column. {@link LocalTime} cannot hold it, so the
 * value stays that text. Any other count outside the day is a bad record, not a wrapped-around
 * time.
 */
final class TimeOfDay {
  /** The end of the day as PostgreSQL writes it. */
  static final String END_OF_DAY = "24:00:00";

  private static final long DAY_NANOS = 86_400_000_000_000L;

  private TimeOfDay() {}

  /**
   * The time {@code count} units after midnight.
   *
   * @param nanosPerUnit 1_000_000 for milliseconds, 1_000 for microseconds, 1 for nanoseconds
   * @param type the type's name, for messages
   */
  static Object of(long count, long nanosPerUnit, String type) {
    long day = DAY_NANOS / nanosPerUnit;
    if (count < 0 || count > day) {
      String unit =
          nanosPerUnit == 1_000_000
              ? "milliseconds"
              : nanosPerUnit == 1_000 ? "microseconds" : "nanoseconds";
      throw new ValueException(
          "a "
              + type
              + " value must be a time from 00:00:00 to 24:00:00 (0 to "
              + day
              + " "
              + unit
              + "), got "
              + count);
    }
    return count == day ? END_OF_DAY : LocalTime.ofNanoOfDay(count * nanosPerUnit);
  }

  /** {@code 24:00:00} written with optional zero seconds and fraction, as PostgreSQL accepts it. */
  static boolean isEndOfDay(String s) {
    return s.matches("24:00(:00(\\.0*)?)?");
  }
}
