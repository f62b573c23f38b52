package io.vaultstream.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A value that does not fit the type its schema (or the model) declares is a bad record naming the
 * record, the field, what the value is and what was expected; it never becomes another value
 * ({@code "abc"} was 0, {@code "12.9"} 12, 2^63 -2^63, {@code "yes"} false).
 */
class DeclaredTypeFitTest {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private final ChangeEventDecoder decoder =
      new ChangeEventDecoder(SHOP, DecoderOptions.defaults());

  /** A product change event with a schema: id int64, sku string, and one more field. */
  private ChangeEvent product(String type, String value) {
    String v =
        "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"field\":\"op\",\"type\":\"string\"},"
            + "{\"field\":\"after\",\"type\":\"struct\",\"fields\":[{\"field\":\"id\",\"type\":\"int64\"},"
            + "{\"field\":\"sku\",\"type\":\"string\"},{\"field\":\"x\",\"type\":\""
            + type
            + "\"}]}]},\"payload\":{\"op\":\"c\",\"after\":{\"id\":1,\"sku\":\"S1\",\"x\":"
            + value
            + "}}}";
    return decoder
        .decode("shop.public.products", 2, 17, 0, null, v.getBytes(StandardCharsets.UTF_8))
        .orElseThrow();
  }

  private void rejected(String type, String value, String kind) {
    assertThatThrownBy(() -> product(type, value))
        .as("%s %s", type, value)
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("shop.public.products/2@17")
        .hasMessageContaining("'payload.after.x'")
        .hasMessageContaining(kind)
        .hasMessageContaining("not a " + type);
  }

  @Test
  void valuesThatFitTheirSchemaTypeDecode() {
    assertThat(product("int32", "2147483647").get("x")).isEqualTo(2147483647);
    assertThat(product("int16", "-32768").get("x")).isEqualTo(-32768);
    assertThat(product("int64", "9223372036854775807").get("x")).isEqualTo(Long.MAX_VALUE);
    assertThat(product("int64", "1E+3").get("x")).isEqualTo(1000L);
    assertThat(product("float64", "29.7").get("x")).isEqualTo(29.7);
    assertThat(product("float64", "\"NaN\"").get("x")).isEqualTo(Double.NaN);
    assertThat(product("float32", "0.1").get("x")).isEqualTo(0.1f);
    assertThat(product("boolean", "true").get("x")).isEqualTo(true);
    assertThat(product("string", "\"abc\"").get("x")).isEqualTo("abc");
  }

  @Test
  void valuesThatDoNotFitTheirSchemaTypeAreBadRecords() {
    rejected("int64", "\"abc\"", "the string \"abc\"");
    rejected("int32", "\"12.9\"", "the string \"12.9\"");
    rejected("int32", "12.9", "the number 12.9");
    rejected("int64", "9223372036854775808", "the number 9223372036854775808");
    rejected("int32", "3000000000", "the number 3000000000");
    rejected("int16", "40000", "the number 40000");
    rejected("int8", "128", "the number 128");
    rejected("int64", "1e999999999", "the number 1E+999999999");
    rejected("boolean", "\"yes\"", "the string \"yes\"");
    rejected("boolean", "1", "the number 1");
    rejected("float32", "1e300", "the number 1E+300");
    rejected("float64", "\"abc\"", "the string \"abc\"");
    rejected("string", "5", "the number 5");
    rejected("bytes", "{}", "an object");
    rejected("struct", "[1]", "an array");
    rejected("array", "\"a\"", "the string \"a\"");
  }

  @Test
  void decimalsWrittenAsJsonNumbersKeepTheirValue() {
    // JsonConverter with decimal.format=NUMERIC: the schema says bytes, the payload has a number.
    String v =
        "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"field\":\"op\",\"type\":\"string\"},"
            + "{\"field\":\"after\",\"type\":\"struct\",\"fields\":[{\"field\":\"id\",\"type\":\"int64\"},"
            + "{\"field\":\"sku\",\"type\":\"string\"},{\"field\":\"price\",\"type\":\"bytes\","
            + "\"name\":\"org.apache.kafka.connect.data.Decimal\",\"parameters\":{\"scale\":\"2\"}}]}]},"
            + "\"payload\":{\"op\":\"c\",\"after\":{\"id\":1,\"sku\":\"S1\",\"price\":29.70}}}";
    ChangeEvent e =
        decoder
            .decode("shop.public.products", 0, 1, 0, null, v.getBytes(StandardCharsets.UTF_8))
            .orElseThrow();
    assertThat(e.get("price")).isEqualTo(new java.math.BigDecimal("29.70"));
  }

  @Test
  void aPrimaryKeyNoLongerCollapsesToZero() {
    String v =
        "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"field\":\"op\",\"type\":\"string\"},"
            + "{\"field\":\"after\",\"type\":\"struct\",\"fields\":[{\"field\":\"id\",\"type\":\"int64\"},"
            + "{\"field\":\"sku\",\"type\":\"string\"}]}]},"
            + "\"payload\":{\"op\":\"c\",\"after\":{\"id\":\"P-1\",\"sku\":\"S1\"}}}";
    assertThatThrownBy(
            () ->
                decoder.decode(
                    "shop.public.products", 0, 3, 0, null, v.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(DecodeException.class)
        .hasMessage(
            "shop.public.products/0@3: field 'payload.after.id' holds the string \"P-1\", which is"
                + " not a int64; valid: a whole JSON number from -9223372036854775808 to"
                + " 9223372036854775807");
  }

  @Test
  void longValuesAreShortenedInMessages() {
    String longText = "\"" + "a".repeat(10_000) + "\"";
    assertThatThrownBy(() -> product("int64", longText))
        .isInstanceOf(DecodeException.class)
        .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(400).contains("..."));
  }

  private static final String PAY =
      """
      { "name": "pay", "sources": { "payments": { "topic": "t.payments", "primaryKey": ["id"],
          "columns": { "id": "bigint", "n": "smallint", "amount": "numeric(5,2)",
                       "ratio": "double precision", "at": "timetz", "ok": "boolean" } } },
        "hubs": { "hub_payment": { "hashKey": "payment_hk", "businessKey": ["id"], "sources": { "payments": ["id"] } } } }
      """;

  private ChangeEvent payment(String column, String value) {
    ChangeEventDecoder d =
        new ChangeEventDecoder(ModelLoader.parse(PAY, "pay"), DecoderOptions.defaults());
    String json = "{\"op\":\"c\",\"after\":{\"id\":1,\"" + column + "\":" + value + "}}";
    return d.decode("t.payments", 1, 8, 0, null, json.getBytes(StandardCharsets.UTF_8))
        .orElseThrow();
  }

  @Test
  void modelDeclaredTypesAreCheckedAsStrictly() {
    assertThatThrownBy(() -> payment("n", "40000"))
        .isInstanceOf(DecodeException.class)
        .hasMessage(
            "t.payments/1@8: column 'n' of source 'payments' holds the number 40000, which is not"
                + " a smallint as the model declares (sources.payments.columns); valid: a whole"
                + " number from -32768 to 32767");
    assertThatThrownBy(() -> payment("amount", "1234.5"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("the number 1234.5")
        .hasMessageContaining("numeric(5,2)")
        .hasMessageContaining("at most 3 digits before the decimal point");
    assertThatThrownBy(() -> payment("id", "\"12.9\""))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("the string \"12.9\"");
    assertThatThrownBy(() -> payment("ratio", "\"abc\""))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("double precision");
    assertThat(payment("amount", "999.994").get("amount"))
        .isEqualTo(new java.math.BigDecimal("999.99"));
    assertThat(payment("ratio", "0.5").get("ratio")).isEqualTo(0.5);
    assertThat(payment("n", "\"7\"").get("n")).isEqualTo(7);
    assertThat(payment("ok", "\"yes\"").get("ok")).isEqualTo(true);
    assertThat(payment("at", "\"10:15:30+01:00\"").get("at"))
        .isEqualTo(java.time.OffsetTime.parse("10:15:30+01:00"));
  }
}
