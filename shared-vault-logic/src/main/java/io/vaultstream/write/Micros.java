package io.vaultstream.write;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Converts epoch microseconds to and from the SQL text the dialects bind. */
public final class Micros {
  private static final DateTimeFormatter SQL =
      DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSSSSS");

  private Micros() {}

  /** {@code 2024-01-01 01:00:00.407843+00}. */
  public static String toSql(long micros) {
    LocalDateTime t =
        LocalDateTime.ofEpochSecond(
            Math.floorDiv(micros, 1_000_000L),
            (int) Math.floorMod(micros, 1_000_000L) * 1000,
            ZoneOffset.UTC);
    return SQL.format(t) + "+00";
  }

  /** An instant as epoch microseconds. */
  public static long of(Instant i) {
    return i.getEpochSecond() * 1_000_000L + i.getNano() / 1000;
  }
}
