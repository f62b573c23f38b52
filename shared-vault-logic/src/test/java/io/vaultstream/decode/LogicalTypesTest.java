package io.vaultstream.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.hash.CanonicalText;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Connect and Debezium logical types become the Java values the hashes are rendered from. */
class LogicalTypesTest {
  private static Object n(String name, Object v) {
    return LogicalTypes.normalize(name, Map.of(), v);
  }

  @Test
  void decimals() {
    byte[] unscaled = new BigInteger("-105").toByteArray();
    assertThat(
            LogicalTypes.normalize(
                "org.apache.kafka.connect.data.Decimal", Map.of("scale", "2"), unscaled))
        .isEqualTo(new BigDecimal("-1.05"));
    assertThat(
            LogicalTypes.normalize(
                "org.apache.kafka.connect.data.Decimal",
                Map.of("scale", "1"),
                Base64.getEncoder().encodeToString(new BigInteger("12345").toByteArray())))
        .isEqualTo(new BigDecimal("1234.5"));
    Object vsd =
        n(
            "io.debezium.data.VariableScaleDecimal",
            Map.of("scale", 3, "value", new BigInteger("1500").toByteArray()));
    assertThat(CanonicalText.of(vsd)).isEqualTo("1.500");
  }

  @Test
  void datesAndTimes() {
    assertThat(n("io.debezium.time.Date", 19723)).isEqualTo(LocalDate.of(2024, 1, 1));
    assertThat(n("org.apache.kafka.connect.data.Date", 0)).isEqualTo(LocalDate.of(1970, 1, 1));
    assertThat(n("io.debezium.time.Time", 3_600_000)).isEqualTo(LocalTime.of(1, 0));
    assertThat(n("io.debezium.time.MicroTime", 3_600_000_001L))
        .isEqualTo(LocalTime.of(1, 0, 0, 1000));
    assertThat(n("io.debezium.time.NanoTime", 1L)).isEqualTo(LocalTime.of(0, 0, 0, 1));
    assertThat(n("io.debezium.time.Timestamp", 1_704_067_200_000L))
        .isEqualTo(LocalDateTime.of(2024, 1, 1, 0, 0));
    assertThat(CanonicalText.of(n("io.debezium.time.MicroTimestamp", 1_704_067_200_000_001L)))
        .isEqualTo("2024-01-01 00:00:00.000001");
    assertThat(CanonicalText.of(n("io.debezium.time.NanoTimestamp", 1_704_067_200_000_000_001L)))
        .isEqualTo("2024-01-01 00:00:00.000000001");
    assertThat(n("org.apache.kafka.connect.data.Timestamp", 1_704_067_200_000L))
        .isEqualTo(Instant.parse("2024-01-01T00:00:00Z"));
    assertThat(CanonicalText.of(n("io.debezium.time.ZonedTimestamp", "2024-01-01T02:00:00+02:00")))
        .isEqualTo("2024-01-01 00:00:00");
    assertThat(CanonicalText.of(n("io.debezium.time.ZonedTime", "10:15:30+01:00")))
        .isEqualTo("09:15:30");
  }

  @Test
  void uuidJsonAndUnknownNames() {
    assertThat(n("io.debezium.data.Uuid", "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11"))
        .isEqualTo("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11");
    assertThat(n("io.debezium.data.Json", "{\"a\": 1}")).isEqualTo("{\"a\": 1}");
    assertThat(n("my.custom.Type", 42L)).isEqualTo(42L);
    assertThat(n("io.debezium.time.Date", null)).isNull();
  }

  @Test
  void eachConvertedNameHasItsLogicalTypeAndOthersNone() {
    List<String> names =
        List.of(
            "org.apache.kafka.connect.data.Decimal",
            "io.debezium.data.VariableScaleDecimal",
            "io.debezium.time.Date",
            "org.apache.kafka.connect.data.Date",
            "io.debezium.time.Time",
            "org.apache.kafka.connect.data.Time",
            "io.debezium.time.MicroTime",
            "io.debezium.time.NanoTime",
            "io.debezium.time.Timestamp",
            "org.apache.kafka.connect.data.Timestamp",
            "io.debezium.time.MicroTimestamp",
            "io.debezium.time.NanoTimestamp",
            "io.debezium.time.ZonedTimestamp",
            "io.debezium.time.ZonedTime",
            "io.debezium.data.Uuid");
    Set<LogicalTypes.Logical> found = EnumSet.noneOf(LogicalTypes.Logical.class);
    names.forEach(name -> found.add(LogicalTypes.Logical.of(name)));
    assertThat(found).containsExactlyInAnyOrder(LogicalTypes.Logical.values());
    assertThat(LogicalTypes.Logical.of("io.debezium.data.Json")).isNull();
    assertThat(LogicalTypes.Logical.of("io.debezium.time.microtimestamp")).isNull();
    // Found once or per value, a name converts the same.
    assertThat(
            LogicalTypes.normalize(
                LogicalTypes.Logical.MICRO_TIMESTAMP,
                "io.debezium.time.MicroTimestamp",
                Map.of(),
                1_704_067_200_000_001L))
        .isEqualTo(n("io.debezium.time.MicroTimestamp", 1_704_067_200_000_001L));
  }

  @Test
  void wrongPhysicalValuesAreNamed() {
    assertThatThrownBy(() -> n("io.debezium.time.Date", "yesterday"))
        .isInstanceOf(DecodeException.class)
        .hasMessage("a io.debezium.time.Date value must be a number, got 'yesterday'");
    assertThatThrownBy(
            () ->
                LogicalTypes.normalize(
                    "org.apache.kafka.connect.data.Decimal", Map.of(), new byte[] {1}))
        .hasMessageContaining("must have the parameter 'scale'");
  }
}
