package io.vaultstream.hash;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CanonicalTextTest {

  @Test
  void numbers() {
    assertThat(CanonicalText.of(42L)).isEqualTo("42");
    assertThat(CanonicalText.of(new BigDecimal("10.50"))).isEqualTo("10.50");
    assertThat(CanonicalText.of(new BigDecimal("1E+3"))).isEqualTo("1000");
    assertThat(CanonicalText.of(new BigDecimal("-0.0001"))).isEqualTo("-0.0001");
  }

  @Test
  void floatingPointAsPostgresPrintsIt() {
    assertThat(CanonicalText.of(1.0)).isEqualTo("1");
    assertThat(CanonicalText.of(0.1)).isEqualTo("0.1");
    assertThat(CanonicalText.of(1e20)).isEqualTo("1e+20");
    assertThat(CanonicalText.of(1e15)).isEqualTo("1e+15");
    assertThat(CanonicalText.of(123456789012345.0)).isEqualTo("123456789012345");
    assertThat(CanonicalText.of(0.0001)).isEqualTo("0.0001");
    assertThat(CanonicalText.of(0.00001)).isEqualTo("1e-05");
    assertThat(CanonicalText.of(-2.5e-10)).isEqualTo("-2.5e-10");
    assertThat(CanonicalText.of(Double.NaN)).isEqualTo("NaN");
    assertThat(CanonicalText.of(Double.NEGATIVE_INFINITY)).isEqualTo("-Infinity");
    assertThat(CanonicalText.of(1.1f)).isEqualTo("1.1");
    assertThat(CanonicalText.of(1e7f)).isEqualTo("1e+07");
  }

  @Test
  void datesAndTimes() {
    assertThat(CanonicalText.of(LocalDate.of(2024, 2, 29))).isEqualTo("2024-02-29");
    assertThat(CanonicalText.of(LocalTime.of(9, 5, 0))).isEqualTo("09:05:00");
    assertThat(CanonicalText.of(LocalTime.of(9, 5, 0, 120_000_000))).isEqualTo("09:05:00.12");
    assertThat(CanonicalText.of(Instant.parse("2024-01-01T01:00:00Z")))
        .isEqualTo("2024-01-01 01:00:00");
    assertThat(CanonicalText.of(OffsetDateTime.parse("2024-01-01T03:00:00.000001+02:00")))
        .isEqualTo("2024-01-01 01:00:00.000001");
    assertThat(CanonicalText.of(LocalDateTime.of(2024, 1, 1, 0, 0, 0, 123_456_789)))
        .isEqualTo("2024-01-01 00:00:00.123456789");
  }

  @Test
  void otherTypes() {
    assertThat(CanonicalText.of(true)).isEqualTo("true");
    assertThat(CanonicalText.of(new byte[] {0x0a, (byte) 0xff})).isEqualTo("0aff");
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("a", 1L);
    m.put("b", List.of("x", new BigDecimal("2.50")));
    m.put("c", null);
    assertThat(CanonicalText.of(m)).isEqualTo("{\"a\":1,\"b\":[\"x\",2.50],\"c\":null}");
    assertThat(CanonicalText.of(null)).isNull();
  }
}
