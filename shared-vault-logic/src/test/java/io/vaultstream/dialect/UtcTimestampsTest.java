package io.vaultstream.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The text PostgreSQL takes for a timestamp, exact to the microsecond for every year. */
class UtcTimestampsTest {
  @Test
  void writesTheTextPostgresReads() {
    assertThat(UtcTimestamps.text(1_704_070_800_407_843L, "+00"))
        .isEqualTo("2024-01-01 01:00:00.407843+00");
    assertThat(UtcTimestamps.text(0, "+00")).isEqualTo("1970-01-01 00:00:00.000000+00");
    assertThat(UtcTimestamps.text(-1, "+00")).isEqualTo("1969-12-31 23:59:59.999999+00");
    assertThat(UtcTimestamps.text(-2_208_988_800_000_000L, "+00"))
        .isEqualTo("1900-01-01 00:00:00.000000+00");
    assertThat(UtcTimestamps.text(951_782_400_000_000L, "+00"))
        .isEqualTo("2000-02-29 00:00:00.000000+00");
  }

  @Test
  void theFastPathAgreesWithTheFormatterEverywhere() {
    SplittableRandom random = new SplittableRandom(42);
    long min = -62_135_596_800_000_000L; // 0001-01-01
    long max = 253_402_300_799_999_999L; // 9999-12-31 23:59:59.999999
    long[] edges = {min, min + 1, max, max - 1, 0, -1, 1, 86_399_999_999L, 86_400_000_000L};
    for (long m : edges) {
      assertThat(UtcTimestamps.text(m, "+00"))
          .as("%d", m)
          .isEqualTo(UtcTimestamps.viaFormatter(m, "+00"));
    }
    for (int i = 0; i < 200_000; i++) {
      long m = random.nextLong(min, max);
      assertThat(UtcTimestamps.text(m, "+00"))
          .as("%d", m)
          .isEqualTo(UtcTimestamps.viaFormatter(m, "+00"));
    }
    // Outside years 1-9999 the formatter itself is used.
    assertThat(UtcTimestamps.text(max + 1, "+00"))
        .isEqualTo(UtcTimestamps.viaFormatter(max + 1, "+00"));
  }

  @Test
  void aTextMadeBeforeIsGivenAgainOnlyForItsOwnTimeAndSuffix() {
    // More times than the texts kept, drawn again and again: slots shared and replaced.
    SplittableRandom random = new SplittableRandom(7);
    long[] times = new long[5_000];
    for (int i = 0; i < times.length; i++) {
      times[i] = random.nextLong(-62_135_596_800_000_000L, 253_402_300_799_999_999L);
    }
    // A time of the same slot as times[0].
    for (long t = times[0] + 1; ; t++) {
      if (UtcTimestamps.slot(t) == UtcTimestamps.slot(times[0])) {
        times[1] = t;
        break;
      }
    }
    String[] suffixes = {"+00", ""};
    for (int i = 0; i < 200_000; i++) {
      long m = i < 1_000 ? times[i % 2] : times[random.nextInt(times.length)];
      String suffix = suffixes[random.nextInt(2)];
      assertThat(UtcTimestamps.text(m, suffix))
          .as("%d%s", m, suffix)
          .isEqualTo(UtcTimestamps.viaFormatter(m, suffix));
    }
  }

  @Test
  void theTimesOfABatchFindTheirTextsAgain() {
    // A batch's change events: a few thousand distinct whole-millisecond times within a minute,
    // each written to several tables in turn (in key order, so in no order of time).
    SplittableRandom random = new SplittableRandom(11);
    long start = 1_767_225_600_000_000L; // 2026-01-01
    long[] times =
        random.longs(2_700, 0, 60_000).distinct().map(ms -> start + ms * 1_000).toArray();
    String[] first = new String[times.length];
    for (int i = 0; i < times.length; i++) {
      first[i] = UtcTimestamps.text(times[i], "+00");
    }
    int found = 0;
    for (int i = times.length - 1; i >= 0; i--) {
      if (UtcTimestamps.text(times[i], "+00") == first[i]) {
        found++;
      }
    }
    assertThat(found)
        .as("texts found again of %d", times.length)
        .isGreaterThan(times.length * 8 / 10);
  }

  @Test
  void aKeptTextIsOnlyTakenForItsOwnTimeAndSuffix() {
    long t = 1_704_070_800_407_843L;
    // Another time in the same slot, then the same time with another suffix.
    long other = t + 1;
    while (UtcTimestamps.slot(other) != UtcTimestamps.slot(t)) {
      other++;
    }
    assertThat(UtcTimestamps.text(t, "+00")).isEqualTo("2024-01-01 01:00:00.407843+00");
    assertThat(UtcTimestamps.text(other, "+00"))
        .isEqualTo(UtcTimestamps.viaFormatter(other, "+00"));
    assertThat(UtcTimestamps.text(t, "")).isEqualTo("2024-01-01 01:00:00.407843");
    assertThat(UtcTimestamps.text(t, new String("+00"))).isEqualTo("2024-01-01 01:00:00.407843+00");
    assertThat(UtcTimestamps.text(t, "+00")).isEqualTo("2024-01-01 01:00:00.407843+00");
  }

  @Test
  void aThreadsFunctionGivesTheSameTextsAndSharesWhatTheThreadKeeps() {
    java.util.function.LongFunction<String> texts = UtcTimestamps.texts("+00");
    SplittableRandom random = new SplittableRandom(3);
    for (int i = 0; i < 20_000; i++) {
      long m = random.nextLong(-62_135_596_800_000_000L, 253_402_300_799_999_999L);
      String text = texts.apply(m);
      assertThat(text).as("%d", m).isEqualTo(UtcTimestamps.viaFormatter(m, "+00"));
      // What the function made, the thread's own lookup finds (one store of kept texts).
      assertThat(UtcTimestamps.text(m, "+00")).isSameAs(text);
    }
    assertThat(UtcTimestamps.texts("").apply(0)).isEqualTo("1970-01-01 00:00:00.000000");
  }

  @Test
  void threadsKeepTextsOfTheirOwn() throws Exception {
    long t = 1_704_070_800_407_843L;
    String mine = UtcTimestamps.text(t, "+00");
    String[] theirs = new String[1];
    Thread other = new Thread(() -> theirs[0] = UtcTimestamps.text(t, "+00"));
    other.start();
    other.join();
    assertThat(theirs[0]).isEqualTo(mine).isNotSameAs(mine);
  }
}
