package io.vaultstream.decode;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;

/**
 * ISO-8601 instants in the one form Debezium writes them ({@code 2026-01-05T08:00:00.123456Z}, or
 * with an offset {@code +01:00}), read by hand: {@code OffsetDateTime.parse} walks a general
 * formatter for every value. Anything else, and any value out of its field's range, is left to
 * {@code OffsetDateTime.parse}, which reads every form the loader accepts and words the errors.
 */
final class IsoInstants {
  private IsoInstants() {}

  /**
   * The instant written as {@code yyyy-MM-ddTHH:mm:ss}, an optional fraction of 1 to 9 digits and
   * {@code Z} or {@code ±HH:MM}; null for any other text, or for a field out of its range.
   */
  static Instant parse(CharSequence s) {
    if (!shaped(s)) {
      return null;
    }
    int year = digits(s, 0, 4);
    int month = digits(s, 5, 2);
    int day = digits(s, 8, 2);
    int hour = digits(s, 11, 2);
    int minute = digits(s, 14, 2);
    int second = digits(s, 17, 2);
    if ((year | month | day | hour | minute | second) < 0
        || hour > 23
        || minute > 59
        || second > 59) {
      return null;
    }
    int i = 19;
    int nanos = 0;
    if (s.charAt(i) == '.') {
      int start = i + 1;
      i = fractionEnd(s, start);
      if (i == start || i - start > 9) {
        return null;
      }
      nanos = nanos(s, start, i);
    }
    int offsetSeconds = offset(s, i);
    if (offsetSeconds == Integer.MIN_VALUE) {
      return null;
    }
    long epochDay = epochDay(year, month, day);
    if (epochDay == Long.MIN_VALUE) {
      return null;
    }
    long seconds = epochDay * 86_400L + hour * 3_600L + minute * 60L + second - offsetSeconds;
    return Instant.ofEpochSecond(seconds, nanos);
  }

  /** Where the digits of a fraction of a second end (after at most ten, one too many). */
  private static int fractionEnd(CharSequence s, int start) {
    int i = start;
    while (i < s.length() && i - start < 10 && isDigit(s.charAt(i))) {
      i++;
    }
    return i;
  }

  /** The nanoseconds of the fraction's digits from {@code start} to {@code end} (at most nine). */
  private static int nanos(CharSequence s, int start, int end) {
    int nanos = 0;
    for (int i = start; i < end; i++) {
      nanos = nanos * 10 + (s.charAt(i) - '0');
    }
    for (int k = end - start; k < 9; k++) {
      nanos *= 10;
    }
    return nanos;
  }

  /** Whether the text is long enough and has the date's and time's separators in their places. */
  private static boolean shaped(CharSequence s) {
    return s.length() >= 20
        && s.charAt(4) == '-'
        && s.charAt(7) == '-'
        && s.charAt(10) == 'T'
        && s.charAt(13) == ':'
        && s.charAt(16) == ':';
  }

  /**
   * The day's number since 1970-01-01, or {@link Long#MIN_VALUE} for a date that does not exist.
   */
  private static long epochDay(int year, int month, int day) {
    try {
      return LocalDate.of(year, month, day).toEpochDay();
    } catch (DateTimeException e) {
      return Long.MIN_VALUE;
    }
  }

  /** The offset at {@code i} to the end, in seconds; {@code Integer.MIN_VALUE} if not one. */
  private static int offset(CharSequence s, int i) {
    int n = s.length();
    if (i == n - 1 && s.charAt(i) == 'Z') {
      return 0;
    }
    if (i != n - 6 || s.charAt(i + 3) != ':') {
      return Integer.MIN_VALUE;
    }
    char sign = s.charAt(i);
    int hours = digits(s, i + 1, 2);
    int minutes = digits(s, i + 4, 2);
    if ((sign != '+' && sign != '-') || hours < 0 || minutes < 0 || hours > 18 || minutes > 59) {
      return Integer.MIN_VALUE;
    }
    int total = hours * 3_600 + minutes * 60;
    if (total > 18 * 3_600) {
      return Integer.MIN_VALUE;
    }
    return sign == '+' ? total : -total;
  }

  /** The whole number written by {@code count} ASCII digits at {@code at}; -1 if one is not. */
  private static int digits(CharSequence s, int at, int count) {
    int v = 0;
    for (int i = at; i < at + count; i++) {
      char c = s.charAt(i);
      if (!isDigit(c)) {
        return -1;
      }
      v = v * 10 + (c - '0');
    }
    return v;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
