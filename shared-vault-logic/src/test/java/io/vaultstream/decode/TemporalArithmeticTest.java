package io.vaultstream.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.hash.CanonicalText;
import java.time.LocalDateTime;
import java.util.Map;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

/**
 * Debezium, Connect and Avro time values are converted with exact arithmetic: 9999-12-31, the usual
 * "valid to" date, stays 9999-12-31; a value that does not fit is a bad record, never a different
 * time; {@code 24:00:00} (PostgreSQL's end of day) is kept as that text.
 */
class TemporalArithmeticTest {
  private static final long DAY_9999_12_31_MS = 253_402_214_400_000L;

  private static Object n(String name, Object v) {
    return io.vaultstream.decode.LogicalTypes.normalize(name, Map.of(), v);
  }

  private static String text(String name, Object v) {
    return CanonicalText.of(n(name, v));
  }

  @Test
  void theLastDayOfYear9999IsStoredAsItself() {
    assertThat(n("io.debezium.time.Timestamp", DAY_9999_12_31_MS))
        .isEqualTo(LocalDateTime.of(9999, 12, 31, 0, 0));
    assertThat(text("io.debezium.time.MicroTimestamp", DAY_9999_12_31_MS * 1000 + 1))
        .isEqualTo("9999-12-31 00:00:00.000001");
    assertThat(text("org.apache.kafka.connect.data.Timestamp", DAY_9999_12_31_MS))
        .isEqualTo("9999-12-31 00:00:00");
    assertThat(text("io.debezium.time.Timestamp", -62_135_596_800_000L))
        .isEqualTo("0001-01-01 00:00:00");
    assertThat(text("io.debezium.time.Timestamp", -1L)).isEqualTo("1969-12-31 23:59:59.999");
  }

  @Test
  void millisecondsAreNotMultipliedIntoAnotherTime() {
    // Long.MAX_VALUE * 1,000,000 nanoseconds wraps around; the exact value is in year 292278994.
    assertThat(n("io.debezium.time.Timestamp", Long.MAX_VALUE))
        .isEqualTo(LocalDateTime.of(292_278_994, 8, 17, 7, 12, 55, 807_000_000));
    assertThat(n("io.debezium.time.Timestamp", Long.MIN_VALUE))
        .isEqualTo(LocalDateTime.of(-292_275_055, 5, 16, 16, 47, 4, 192_000_000));
  }

  @Test
  void valuesThatDoNotFitAreBadRecords() {
    assertThatThrownBy(() -> n("io.debezium.time.Date", Long.MAX_VALUE))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("io.debezium.time.Date");
    assertThatThrownBy(() -> n("io.debezium.time.Time", Long.MAX_VALUE))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("io.debezium.time.Time");
    assertThatThrownBy(() -> n("io.debezium.time.MicroTimestamp", "12.5"))
        .isInstanceOf(DecodeException.class);
    assertThatThrownBy(
            () -> n("io.debezium.time.Timestamp", new java.math.BigDecimal("1e999999999")))
        .isInstanceOf(DecodeException.class);
  }

  @Test
  void endOfDayIsKeptAsPostgresWritesIt() {
    assertThat(text("io.debezium.time.MicroTime", 86_400_000_000L)).isEqualTo("24:00:00");
    assertThat(text("io.debezium.time.Time", 86_400_000)).isEqualTo("24:00:00");
    assertThat(text("io.debezium.time.NanoTime", 86_400_000_000_000L)).isEqualTo("24:00:00");
    assertThat(text("org.apache.kafka.connect.data.Time", new java.util.Date(86_400_000L)))
        .isEqualTo("24:00:00");
    assertThat(text("io.debezium.time.MicroTime", 86_399_999_999L)).isEqualTo("23:59:59.999999");
  }

  @Test
  void timesOutsideTheDayAreBadRecords() {
    for (Object[] c :
        new Object[][] {
          {"io.debezium.time.MicroTime", 86_400_000_001L},
          {"io.debezium.time.MicroTime", -1L},
          {"io.debezium.time.Time", 90_000_000},
          {"io.debezium.time.NanoTime", 86_400_000_000_001L},
          {"org.apache.kafka.connect.data.Time", new java.util.Date(-1L)},
        }) {
      assertThatThrownBy(() -> n((String) c[0], c[1]))
          .as("%s %s", c[0], c[1])
          .isInstanceOf(DecodeException.class)
          .hasMessageContaining((String) c[0])
          .hasMessageContaining("00:00:00 to 24:00:00");
    }
  }

  @Test
  void avroLogicalTypesUseTheSameRules() {
    Schema micros = LogicalTypes.timeMicros().addToSchema(Schema.create(Schema.Type.LONG));
    Schema millis = LogicalTypes.timestampMillis().addToSchema(Schema.create(Schema.Type.LONG));
    Schema tsMicros = LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG));
    Schema date = LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
    assertThat(CanonicalText.of(ConfluentAvro.toJava(86_400_000_000L, micros)))
        .isEqualTo("24:00:00");
    assertThatThrownBy(() -> ConfluentAvro.toJava(86_400_000_001L, micros))
        .isInstanceOf(DecodeException.class);
    assertThat(CanonicalText.of(ConfluentAvro.toJava(DAY_9999_12_31_MS, millis)))
        .isEqualTo("9999-12-31 00:00:00");
    assertThatThrownBy(() -> ConfluentAvro.toJava(-1L, micros))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("time-micros");
    assertThat(CanonicalText.of(ConfluentAvro.toJava(DAY_9999_12_31_MS * 1000, tsMicros)))
        .isEqualTo("9999-12-31 00:00:00");
    assertThat(CanonicalText.of(ConfluentAvro.toJava(2_932_896, date))).isEqualTo("9999-12-31");
  }
}
