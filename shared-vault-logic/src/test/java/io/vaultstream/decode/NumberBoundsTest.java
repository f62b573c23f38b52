package io.vaultstream.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.hash.CanonicalText;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A short number with a huge exponent ({@code 1e999999999}, 11 characters) would become a billion
 * digits of canonical text: numbers beyond PostgreSQL numeric's limits are bad records, found while
 * decoding, before anything renders them.
 */
@Timeout(30)
class NumberBoundsTest {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private final ChangeEventDecoder decoder =
      new ChangeEventDecoder(SHOP, DecoderOptions.defaults());

  private ChangeEvent product(String price) {
    String v =
        "{\"op\":\"c\",\"after\":{\"id\":1,\"sku\":\"S1\",\"price\":"
            + price
            + "},\"source\":{\"ts_ms\":1}}";
    return decoder
        .decode("shop.public.products", 0, 9, 0, null, v.getBytes(StandardCharsets.UTF_8))
        .orElseThrow();
  }

  @Test
  void aHugeExponentInAValueIsABadRecordNamingTheField() {
    assertThatThrownBy(() -> product("1e999999999"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("shop.public.products/0@9")
        .hasMessageContaining("'price'")
        .hasMessageContaining("1E+999999999")
        .hasMessageContaining("131072 digits before the decimal point and 16383 after");
    assertThatThrownBy(() -> product("1e-999999999"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("'price'");
  }

  @Test
  void numbersWithinPostgresNumericLimitsDecode() {
    assertThat(CanonicalText.of(product("29.70").get("price"))).isEqualTo("29.70");
    String written = "1" + "0".repeat(999); // JSON numbers are at most 1,000 characters
    assertThat(CanonicalText.of(product(written).get("price"))).isEqualTo(written);
    assertThat(CanonicalText.of(product("1e10000").get("price"))).hasSize(10_001);
    assertThat(CanonicalText.of(product("1e-9999").get("price"))).hasSize(10_001);
    assertThatThrownBy(() -> product("1e131072")).isInstanceOf(DecodeException.class);
    assertThatThrownBy(() -> product("1e-16384")).isInstanceOf(DecodeException.class);
  }

  @Test
  void exponentsMayNotGrowARecordWithoutBound() {
    // 8 characters of JSON, 131 KB of text: within numeric's limits, but a few dozen such records
    // once ran a worker out of memory.
    assertThatThrownBy(() -> product("1e131000"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("'price'")
        .hasMessageContaining("add 131000 digits")
        .hasMessageContaining("at most 10000");
    // The bound is per record: many small exponents add up.
    assertThatThrownBy(() -> product("[" + "1e999,".repeat(20) + "1]"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("at most 10000");
    assertThat(product("[" + "1e999,".repeat(9) + "1]").get("price")).isNotNull();
  }

  @Test
  void nestedNumbersAndTheMapPathAreBoundedToo() {
    assertThatThrownBy(() -> product("{\"a\":[1e999999999]}"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("'price'");
    Map<String, Object> after = new LinkedHashMap<>();
    after.put("id", 1L);
    after.put("sku", "S1");
    after.put("price", new BigDecimal(BigInteger.ONE, -999_999_999));
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("op", "c");
    v.put("after", after);
    assertThatThrownBy(() -> decoder.decodeMap("shop.public.products", 0, 3, 0, v, null, null))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("shop.public.products/0@3")
        .hasMessageContaining("'price'");
  }

  @Test
  void aConnectDecimalWithAHugeScaleIsABadRecord() {
    String v =
        "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"field\":\"op\",\"type\":\"string\"},"
            + "{\"field\":\"after\",\"type\":\"struct\",\"fields\":[{\"field\":\"id\",\"type\":\"int64\"},"
            + "{\"field\":\"sku\",\"type\":\"string\"},{\"field\":\"price\",\"type\":\"bytes\","
            + "\"name\":\"org.apache.kafka.connect.data.Decimal\",\"parameters\":{\"scale\":\"999999999\"}}]}]},"
            + "\"payload\":{\"op\":\"c\",\"after\":{\"id\":1,\"sku\":\"S1\",\"price\":\"AQ==\"}}}";
    assertThatThrownBy(
            () ->
                decoder.decode(
                    "shop.public.products", 0, 4, 0, null, v.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("'price'");
  }

  @Test
  void aHugeNumberInADeclaredNumericColumnIsNotRoundedIntoMemory() {
    String model =
        """
        { "name": "pay", "sources": { "payments": { "topic": "t.payments", "primaryKey": ["id"],
            "columns": { "id": "bigint", "amount": "numeric(12,2)", "due": "date" } } },
          "hubs": { "hub_payment": { "hashKey": "payment_hk", "businessKey": ["id"], "sources": { "payments": ["id"] } } } }
        """;
    ChangeEventDecoder d =
        new ChangeEventDecoder(ModelLoader.parse(model, "pay"), DecoderOptions.defaults());
    for (String amount : new String[] {"1e999999999", "\"1e999999999\""}) {
      String json = "{\"op\":\"c\",\"after\":{\"id\":1,\"amount\":" + amount + "}}";
      assertThatThrownBy(
              () -> d.decode("t.payments", 0, 1, 0, null, json.getBytes(StandardCharsets.UTF_8)))
          .isInstanceOf(DecodeException.class)
          .hasMessageContaining("'amount'");
    }
    String due = "{\"op\":\"c\",\"after\":{\"id\":1,\"due\":1e999999999}}";
    assertThatThrownBy(
            () -> d.decode("t.payments", 0, 1, 0, null, due.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("'due'");
  }

  @Test
  void aLogPositionIsTakenExactly() {
    String v =
        "{\"op\":\"c\",\"after\":{\"id\":1,\"sku\":\"S1\"},\"source\":{\"ts_ms\":1,\"lsn\":1e999999999}}";
    assertThatThrownBy(
            () ->
                decoder.decode(
                    "shop.public.products", 0, 9, 0, null, v.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("'source.lsn'");
  }

  @Test
  void canonicalTextRefusesAnUnboundedNumberRatherThanRunningOutOfMemory() {
    long start = System.nanoTime();
    assertThatThrownBy(() -> CanonicalText.of(new BigDecimal("1e999999999")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("131072");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
  }
}
