package io.vaultstream.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Event times outside years 1-9999 (the range of the vault's timestamp columns as the loader writes
 * them) are bad records on every decoding path, and no time is multiplied into an overflow.
 */
class EventTimeTest {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private static final String TOPIC = "shop.public.orders";
  private final ChangeEventDecoder decoder =
      new ChangeEventDecoder(SHOP, DecoderOptions.defaults());

  private ChangeEvent json(String source) {
    String v = "{\"op\":\"c\",\"after\":{\"id\":3,\"order_no\":\"O3\"},\"source\":" + source + "}";
    return decoder.decode(TOPIC, 1, 42, 0, null, v.getBytes(StandardCharsets.UTF_8)).orElseThrow();
  }

  private ChangeEvent map(Object tsMs) {
    Map<String, Object> after = new LinkedHashMap<>();
    after.put("id", 3L);
    after.put("order_no", "O3");
    Map<String, Object> source = new LinkedHashMap<>();
    source.put("ts_ms", tsMs);
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("op", "c");
    v.put("after", after);
    v.put("source", source);
    return decoder.decodeMap(TOPIC, 1, 42, 0, v, null, null).orElseThrow();
  }

  @Test
  void theLastAndFirstMicrosecondOfTheRangeDecode() {
    assertThat(json("{\"ts_us\":253402300799999999}").eventTimeMicros())
        .isEqualTo(253_402_300_799_999_999L);
    assertThat(json("{\"ts_us\":-62135596800000000}").eventTimeMicros())
        .isEqualTo(Instant.parse("0001-01-01T00:00:00Z").getEpochSecond() * 1_000_000L);
    assertThat(json("{\"ts_ms\":253402300799999}").eventTimeMicros())
        .isEqualTo(253_402_300_799_999_000L);
  }

  @Test
  void aTimeBeyondYear9999IsABadRecordOnTheJsonPath() {
    assertThatThrownBy(() -> json("{\"ts_ms\":253402300800000000}"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("shop.public.orders/1@42")
        .hasMessageContaining("'source.ts_ms'")
        .hasMessageContaining("253402300800000000")
        .hasMessageContaining("years 1 to 9999");
    assertThatThrownBy(() -> json("{\"ts_us\":253402300800000000}"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("'source.ts_us'");
  }

  @Test
  void aTimeBeforeYear1IsABadRecord() {
    assertThatThrownBy(() -> json("{\"ts_us\":-62135596800000001}"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("years 1 to 9999");
    assertThatThrownBy(() -> json("{\"ts_ms\":-9223372036854775808}"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("'source.ts_ms'");
  }

  @Test
  void millisecondsAreNotMultipliedIntoAnOverflow() {
    // 9223372036854775 * 1000 wraps to a negative number without an exact multiplication.
    assertThatThrownBy(() -> json("{\"ts_ms\":9223372036854775807}"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("'source.ts_ms'");
    assertThatThrownBy(() -> json("{\"ts_ms\":1e999999999}"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("'source.ts_ms'");
    assertThatThrownBy(() -> json("{\"ts_ms\":18446744073709551616}"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("'source.ts_ms'");
    assertThatThrownBy(() -> json("{\"ts_ms\":1700000000000.5}"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("whole number");
  }

  @Test
  void theMapPathChecksTheSame() {
    assertThat(map(1_700_000_000_123L).eventTimeMicros()).isEqualTo(1_700_000_000_123_000L);
    assertThatThrownBy(() -> map(253_402_300_800_000_000L))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("shop.public.orders/1@42")
        .hasMessageContaining("'source.ts_ms'");
    assertThatThrownBy(() -> map(new java.math.BigDecimal("1e999999999")))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("'source.ts_ms'");
  }

  @Test
  void theEnvelopeWithASchemaChecksTheSame() {
    String v =
        "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"field\":\"op\",\"type\":\"string\"},"
            + "{\"field\":\"after\",\"type\":\"struct\",\"fields\":[{\"field\":\"id\",\"type\":\"int64\"},"
            + "{\"field\":\"order_no\",\"type\":\"string\"}]},{\"field\":\"ts_ms\",\"type\":\"int64\"}]},"
            + "\"payload\":{\"op\":\"c\",\"after\":{\"id\":3,\"order_no\":\"O3\"},"
            + "\"ts_ms\":253402300800000000}}";
    assertThatThrownBy(
            () -> decoder.decode(TOPIC, 0, 5, 0, null, v.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("'ts_ms'");
  }

  @Test
  void flattenedAndOperationColumnRecordsChecksTheSame() {
    String flat =
        "{\"id\":5,\"order_no\":\"O5\",\"__op\":\"c\",\"__source_ts_ms\":-62135596800001}";
    assertThatThrownBy(
            () -> decoder.decode(TOPIC, 0, 0, 0, null, flat.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("'__source_ts_ms'");
    ChangeEventDecoder d = new ChangeEventDecoder(SHOP, new DecoderOptions("op_type", "op_ts"));
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("id", 9L);
    v.put("sku", "S9");
    v.put("op_type", "I");
    v.put("op_ts", Long.MAX_VALUE);
    assertThatThrownBy(() -> d.decodeMap("shop.public.products", 0, 0, 0, v, null, null))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("'op_ts'");
    v.put("op_ts", "+10000-01-01T00:00:00Z");
    assertThatThrownBy(() -> d.decodeMap("shop.public.products", 0, 0, 0, v, null, null))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("'op_ts'");
  }

  @Test
  void theKafkaTimestampUsedAsEventTimeIsCheckedToo() {
    String v = "{\"op\":\"c\",\"after\":{\"id\":3,\"order_no\":\"O3\"}}";
    assertThatThrownBy(
            () ->
                decoder.decode(
                    TOPIC, 0, 0, Long.MAX_VALUE, null, v.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("Kafka timestamp");
    // A record with a source time does not depend on its Kafka timestamp.
    String withTime =
        "{\"op\":\"c\",\"after\":{\"id\":3,\"order_no\":\"O3\"},\"source\":{\"ts_ms\":1000}}";
    assertThat(
            decoder
                .decode(
                    TOPIC, 0, 0, Long.MAX_VALUE, null, withTime.getBytes(StandardCharsets.UTF_8))
                .orElseThrow()
                .eventTimeMicros())
        .isEqualTo(1_000_000L);
  }
}
