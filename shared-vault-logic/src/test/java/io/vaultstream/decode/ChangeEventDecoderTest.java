package io.vaultstream.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Operation;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Decoding the real Debezium samples and the other record shapes. */
class ChangeEventDecoderTest {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private final ChangeEventDecoder decoder =
      new ChangeEventDecoder(SHOP, DecoderOptions.defaults());

  private ChangeEvent sample(String topic, String file) {
    return decoder.decode(topic, 0, 7, 1_700_000_000_000L, null, Samples.bytes(file)).orElseThrow();
  }

  @Test
  void debeziumInsertWithSchema() {
    ChangeEvent e = sample("shop.public.customers", "customers.value.json");
    assertThat(e.sourceTable()).isEqualTo("customers");
    assertThat(e.operation()).isEqualTo(Operation.INSERT);
    assertThat(e.get("id")).isEqualTo(1L);
    assertThat(e.get("customer_no")).isEqualTo("C0000000001");
    assertThat(e.get("updated_at")).isEqualTo(Instant.parse("2024-01-01T01:00:00Z"));
    assertThat(e.eventTimeMicros()).isEqualTo(1796006009407843L);
    assertThat(e.position().lsn()).isEqualTo(468004568L);
    assertThat(e.position().offset()).isEqualTo(7);
  }

  @Test
  void decimalsFromBytesWithScale() {
    ChangeEvent e = sample("shop.public.order_lines", "order_lines.value.json");
    assertThat(e.get("amount")).isEqualTo(new BigDecimal("2706.18"));
    assertThat(e.get("line_no")).isEqualTo(1);
    ChangeEvent p = sample("shop.public.products", "products.value.json");
    assertThat(((BigDecimal) p.get("price")).scale()).isEqualTo(2);
  }

  @Test
  void deleteUsesTheBeforeImage() {
    ChangeEvent e = sample("shop.public.customers", "customers.delete.value.json");
    assertThat(e.operation()).isEqualTo(Operation.DELETE);
    assertThat(e.get("id")).isEqualTo(97L);
    assertThat(e.get("customer_no")).isEqualTo("");
  }

  @Test
  void everySampleDecodes() {
    for (String t : new String[] {"customers", "orders", "order_lines", "products"}) {
      for (String kind : new String[] {"", ".update", ".delete"}) {
        if (t.equals("products") && kind.equals(".delete")) {
          continue;
        }
        ChangeEvent e = sample("shop.public." + t, t + kind + ".value.json");
        assertThat(e.sourceTable()).isEqualTo(t);
      }
    }
  }

  @Test
  void tombstonesAndNullsAreSkipped() {
    assertThat(
            decoder.decode(
                "shop.public.orders", 0, 1, 0, Samples.bytes("orders.tombstone.key.json"), null))
        .isEmpty();
    assertThat(
            decoder.decode(
                "shop.public.orders", 0, 1, 0, null, "null".getBytes(StandardCharsets.UTF_8)))
        .isEmpty();
    assertThat(
            decoder.decode(
                "shop.public.orders",
                0,
                1,
                0,
                null,
                "{\"schema\":null,\"payload\":null}".getBytes(StandardCharsets.UTF_8)))
        .isEmpty();
  }

  @Test
  void debeziumWithoutSchemas() {
    String json =
        "{\"before\":null,\"after\":{\"id\":3,\"order_no\":\"O3\",\"customer_id\":7,\"status\":\"NEW\"},"
            + "\"source\":{\"ts_ms\":1700000000123,\"lsn\":99},\"op\":\"u\"}";
    ChangeEvent e =
        decoder
            .decode("shop.public.orders", 1, 2, 0, null, json.getBytes(StandardCharsets.UTF_8))
            .orElseThrow();
    assertThat(e.operation()).isEqualTo(Operation.UPDATE);
    assertThat(e.eventTimeMicros()).isEqualTo(1700000000123000L);
    assertThat(e.get("customer_id")).isEqualTo(7L);
  }

  @Test
  void schemalessDecimalsKeepTheirScale() {
    String json = "{\"op\":\"c\",\"after\":{\"id\":1,\"sku\":\"S\",\"price\":29.70,\"big\":1E+3}}";
    ChangeEvent e =
        decoder
            .decode("shop.public.products", 0, 0, 0, null, json.getBytes(StandardCharsets.UTF_8))
            .orElseThrow();
    assertThat(io.vaultstream.hash.CanonicalText.of(e.get("price"))).isEqualTo("29.70");
    assertThat(io.vaultstream.hash.CanonicalText.of(e.get("big"))).isEqualTo("1000");
  }

  @Test
  void flattenedRecords() {
    String json =
        "{\"id\":5,\"order_no\":\"O5\",\"__op\":\"d\",\"__deleted\":\"true\",\"__source_ts_ms\":1000}";
    ChangeEvent e =
        decoder
            .decode("shop.public.orders", 0, 0, 0, null, json.getBytes(StandardCharsets.UTF_8))
            .orElseThrow();
    assertThat(e.operation()).isEqualTo(Operation.DELETE);
    assertThat(e.row()).containsOnlyKeys("id", "order_no");
    assertThat(e.eventTimeMicros()).isEqualTo(1_000_000L);
  }

  @Test
  void operationColumnRecords() {
    ChangeEventDecoder d = new ChangeEventDecoder(SHOP, new DecoderOptions("op_type", "op_ts"));
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("id", 9L);
    v.put("sku", "S9");
    v.put("op_type", "I");
    v.put("op_ts", "2024-05-01 10:00:00.000001");
    ChangeEvent e = d.decodeMap("shop.public.products", 0, 0, 0, v, null, null).orElseThrow();
    assertThat(e.operation()).isEqualTo(Operation.INSERT);
    assertThat(e.row()).containsOnlyKeys("id", "sku");
    assertThat(e.eventTimeMicros())
        .isEqualTo(Instant.parse("2024-05-01T10:00:00.000001Z").toEpochMilli() * 1000 + 1);
  }

  @Test
  void badRecordsSayWhatIsWrong() {
    assertThatThrownBy(
            () ->
                decoder.decode(
                    "shop.public.nope", 0, 0, 0, null, "{}".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("topic 'shop.public.nope' is not a source of the model")
        .hasMessageContaining("shop.public.customers");
    assertThatThrownBy(
            () ->
                decoder.decode(
                    "shop.public.orders",
                    0,
                    0,
                    0,
                    null,
                    "{not json".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("not valid JSON");
    assertThatThrownBy(
            () ->
                decoder.decode(
                    "shop.public.orders",
                    0,
                    0,
                    0,
                    null,
                    "{\"op\":\"c\",\"after\":{\"order_no\":\"x\"}}"
                        .getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("no value for primary key column 'id'");
    assertThatThrownBy(
            () ->
                decoder.decode(
                    "shop.public.orders",
                    0,
                    0,
                    0,
                    null,
                    "{\"op\":\"x\",\"after\":{}}".getBytes(StandardCharsets.UTF_8)))
        .hasMessageContaining("unknown Debezium operation 'x'; valid: c, u, d, r, t");
  }

  @Test
  void declaredColumnTypesShapeSchemalessValues() {
    String model =
        """
        { "name": "pay", "sources": { "payments": { "topic": "t.payments", "primaryKey": ["id"],
            "columns": { "id": "bigint", "amount": "numeric(12,2)", "paid_at": "timestamptz",
                         "due": "date", "ok": "boolean" } } },
          "hubs": { "hub_payment": { "hashKey": "payment_hk", "businessKey": ["id"], "sources": { "payments": ["id"] } } } }
        """;
    ChangeEventDecoder d =
        new ChangeEventDecoder(
            io.vaultstream.model.ModelLoader.parse(model, "pay"), DecoderOptions.defaults());
    String json =
        "{\"op\":\"c\",\"after\":{\"id\":\"7\",\"amount\":29.7,\"paid_at\":\"2026-01-01T02:00:02+02:00\","
            + "\"due\":\"2026-02-01\",\"ok\":\"t\"}}";
    ChangeEvent e =
        d.decode("t.payments", 0, 0, 0, null, json.getBytes(StandardCharsets.UTF_8)).orElseThrow();
    assertThat(e.get("id")).isEqualTo(7L);
    assertThat(io.vaultstream.hash.CanonicalText.of(e.get("amount"))).isEqualTo("29.70");
    assertThat(e.get("paid_at")).isEqualTo(Instant.parse("2026-01-01T00:00:02Z"));
    assertThat(e.get("due")).isEqualTo(java.time.LocalDate.of(2026, 2, 1));
    assertThat(e.get("ok")).isEqualTo(true);
    String bad = "{\"op\":\"c\",\"after\":{\"id\":8,\"amount\":\"lots\"}}";
    assertThatThrownBy(
            () -> d.decode("t.payments", 0, 1, 0, null, bad.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(DecodeException.class)
        .hasMessage(
            "t.payments/0@1: column 'amount' of source 'payments' holds the string \"lots\", which"
                + " is not a numeric(12,2) as the model declares (sources.payments.columns); valid:"
                + " a number");
  }
}
