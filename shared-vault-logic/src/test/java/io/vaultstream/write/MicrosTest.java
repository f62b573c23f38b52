package io.vaultstream.write;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MicrosTest {
  @Test
  void writesTheTextPostgresReads() {
    assertThat(Micros.toSql(1_704_070_800_407_843L)).isEqualTo("2024-01-01 01:00:00.407843+00");
    assertThat(Micros.toSql(0)).isEqualTo("1970-01-01 00:00:00.000000+00");
    assertThat(Micros.toSql(-1)).isEqualTo("1969-12-31 23:59:59.999999+00");
    assertThat(Micros.toSql(-2_208_988_800_000_000L)).isEqualTo("1900-01-01 00:00:00.000000+00");
    assertThat(Micros.toSql(951_782_400_000_000L)).isEqualTo("2000-02-29 00:00:00.000000+00");
  }

  @Test
  void theFastPathAgreesWithTheFormatterEverywhere() {
    SplittableRandom random = new SplittableRandom(42);
    long min = -62_135_596_800_000_000L; // 0001-01-01
    long max = 253_402_300_799_999_999L; // 9999-12-31 23:59:59.999999
    long[] edges = {min, min + 1, max, max - 1, 0, -1, 1, 86_399_999_999L, 86_400_000_000L};
    for (long m : edges) {
      assertThat(Micros.toSql(m)).as("%d", m).isEqualTo(Micros.viaFormatter(m));
    }
    for (int i = 0; i < 200_000; i++) {
      long m = random.nextLong(min, max);
      assertThat(Micros.toSql(m)).as("%d", m).isEqualTo(Micros.viaFormatter(m));
    }
    // Outside years 1-9999 the formatter itself is used.
    assertThat(Micros.toSql(max + 1)).isEqualTo(Micros.viaFormatter(max + 1));
  }
}
