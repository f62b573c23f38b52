package io.vaultstream.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Debezium's ISO-8601 instants read by hand are the instants {@code OffsetDateTime} reads. */
class IsoInstantsTest {

  @Test
  void seededInstantsOfEveryFractionAndOffsetReadAsOffsetDateTimeReadsThem() {
    SplittableRandom random = new SplittableRandom(20261202L);
    for (int i = 0; i < 20_000; i++) {
      long seconds = random.nextLong(-62_135_596_800L, 253_402_300_799L);
      int nanos = random.nextInt(1_000_000_000);
      int digits = random.nextInt(10); // 0: no fraction
      nanos = nanos - nanos % (int) Math.pow(10, 9 - digits);
      ZoneOffset offset =
          random.nextBoolean()
              ? ZoneOffset.UTC
              : ZoneOffset.ofTotalSeconds(random.nextInt(-18 * 60, 18 * 60 + 1) * 60);
      OffsetDateTime t = Instant.ofEpochSecond(seconds, nanos).atOffset(offset);
      String pattern = "uuuu-MM-dd'T'HH:mm:ss" + (digits == 0 ? "" : "." + "S".repeat(digits));
      String text = t.format(DateTimeFormatter.ofPattern(pattern)) + offsetText(offset);
      assertThat(IsoInstants.parse(text))
          .as(text)
          .isEqualTo(OffsetDateTime.parse(text).toInstant());
    }
  }

  private static String offsetText(ZoneOffset offset) {
    return offset.getTotalSeconds() == 0 ? "Z" : offset.getId();
  }

  @Test
  void otherFormsAndFieldsOutOfRangeAreLeftToTheGeneralParser() {
    for (String text :
        List.of(
            "2026-02-30T10:00:00Z",
            "2025-02-29T10:00:00Z",
            "2026-01-05T24:00:00Z",
            "2026-01-05T23:60:00Z",
            "2026-01-05T23:59:60Z",
            "2026-01-05t10:00:00Z",
            "2026-01-05T10:00:00z",
            "2026-01-05T10:00Z",
            "2026-01-05T10:00:00.Z",
            "2026-01-05T10:00:00.1234567891Z",
            "2026-01-05T10:00:00+19:00",
            "2026-01-05T10:00:00+01:00:30",
            "2026-01-05T10:00:00+0100",
            "+12026-01-05T10:00:00Z",
            "2026-01-05 10:00:00Z",
            "2026-01-05T10:00:00")) {
      assertThat(IsoInstants.parse(text)).as(text).isNull();
    }
    assertThat(IsoInstants.parse("2024-02-29T23:59:59.999999999-18:00"))
        .isEqualTo(OffsetDateTime.parse("2024-02-29T23:59:59.999999999-18:00").toInstant());
  }
}
