package io.vaultstream.dialect;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.function.LongFunction;

/**
 * Writes epoch microseconds as SQL timestamp text in UTC, {@code 2024-01-01 01:00:00.407843}, with
 * a suffix of the dialect's choice (PostgreSQL: "+00").
 */
public final class UtcTimestamps {
  private static final DateTimeFormatter SQL =
      DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSS");

  private UtcTimestamps() {}

  private static final long MIN_FAST = -62_135_596_800_000_000L; // 0001-01-01
  private static final long MAX_FAST = 253_402_300_800_000_000L; // 10000-01-01

  // The texts made last, by their time: a batch writes each time several times (an event's hub,
  // link and satellite rows and key map entry carry its time, and so do the other events of its
  // transaction), one table after another, so a time comes back after the batch's other times (a
  // batch of 5,000 change events has a few thousand). Each thread keeps its own texts, in arrays
  // indexed by slot (a time's slot holds its time, suffix and text at once: no other thread writes
  // them), so that a lookup reads one element of a dense array of times instead of an object
  // somewhere on the heap. The slot is taken from the high bits of a multiplicative hash: change
  // events carry whole milliseconds, whose low bits are alike. Only JDK types are kept per thread,
  // so a thread that outlives the loader keeps none of its classes alive.
  private static final int SLOT_BITS = 14;
  private static final ThreadLocal<Object[]> MADE =
      ThreadLocal.withInitial(
          () ->
              new Object[] {
                new long[1 << SLOT_BITS], new String[1 << SLOT_BITS], new String[1 << SLOT_BITS]
              });

  static int slot(long micros) {
    return (int) ((micros * 0x9E37_79B9_7F4A_7C15L) >>> (64 - SLOT_BITS));
  }

  /** {@code 2024-01-01 01:00:00.407843} followed by {@code suffix}. */
  public static String text(long micros, String suffix) {
    Object[] made = MADE.get();
    return text((long[]) made[0], (String[]) made[1], (String[]) made[2], micros, suffix);
  }

  /**
   * {@link #text} with {@code suffix} for the calling thread's use over many rows: its kept texts
   * found once, not per text (a thread-local lookup reads several objects).
   */
  public static LongFunction<String> texts(String suffix) {
    Object[] made = MADE.get();
    long[] times = (long[]) made[0];
    String[] suffixes = (String[]) made[1];
    String[] texts = (String[]) made[2];
    return micros -> text(times, suffixes, texts, micros, suffix);
  }

  private static String text(
      long[] times, String[] suffixes, String[] texts, long micros, String suffix) {
    int slot = slot(micros);
    String kept = texts[slot];
    if (kept != null && times[slot] == micros) {
      String keptSuffix = suffixes[slot];
      if (keptSuffix == suffix || keptSuffix.equals(suffix)) {
        return kept;
      }
    }
    String text = make(micros, suffix);
    times[slot] = micros;
    suffixes[slot] = suffix;
    texts[slot] = text;
    return text;
  }

  private static String make(long micros, String suffix) {
    if (micros < MIN_FAST || micros >= MAX_FAST) {
      return viaFormatter(micros, suffix);
    }
    // Called for every timestamp of every row written: digits by arithmetic, no temporary objects.
    long secs = Math.floorDiv(micros, 1_000_000L);
    int frac = (int) Math.floorMod(micros, 1_000_000L);
    long days = Math.floorDiv(secs, 86_400L);
    int sod = (int) Math.floorMod(secs, 86_400L);
    // Civil date from days since 1970-01-01 (proleptic Gregorian), after H. Hinnant's algorithm.
    long z = days + 719_468;
    long era = Math.floorDiv(z, 146_097);
    long doe = z - era * 146_097;
    long yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long mp = (5 * doy + 2) / 153;
    int day = (int) (doy - (153 * mp + 2) / 5 + 1);
    int month = (int) (mp < 10 ? mp + 3 : mp - 9);
    int year = (int) (yoe + era * 400 + (month <= 2 ? 1 : 0));
    char[] c = new char[26 + suffix.length()];
    digits(c, 0, year, 4);
    c[4] = '-';
    digits(c, 5, month, 2);
    c[7] = '-';
    digits(c, 8, day, 2);
    c[10] = ' ';
    digits(c, 11, sod / 3600, 2);
    c[13] = ':';
    digits(c, 14, sod / 60 % 60, 2);
    c[16] = ':';
    digits(c, 17, sod % 60, 2);
    c[19] = '.';
    digits(c, 20, frac, 6);
    suffix.getChars(0, suffix.length(), c, 26);
    return new String(c);
  }

  private static void digits(char[] c, int at, int value, int width) {
    for (int i = at + width - 1; i >= at; i--) {
      c[i] = (char) ('0' + value % 10);
      value /= 10;
    }
  }

  static String viaFormatter(long micros, String suffix) {
    LocalDateTime t =
        LocalDateTime.ofEpochSecond(
            Math.floorDiv(micros, 1_000_000L),
            (int) Math.floorMod(micros, 1_000_000L) * 1000,
            ZoneOffset.UTC);
    return SQL.format(t) + suffix;
  }
}
