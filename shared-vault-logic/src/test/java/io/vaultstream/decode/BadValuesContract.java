package io.vaultstream.decode;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.AvroCustomers;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.Samples;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;

/**
 * Records with values the vault cannot hold, among good ones, decoded and loaded as a runtime does
 * it: the good ones load with their exact values, each bad one becomes one BAD_RECORD error row
 * whose event time is empty (never the out-of-range time), and the batch commits.
 */
abstract class BadValuesContract extends DatabaseContract {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String product(long id, String extra, String source) {
    return "{\"op\":\"c\",\"after\":{\"id\":"
        + id
        + ",\"sku\":\"SKU-"
        + id
        + "\",\"name\":\"P"
        + id
        + "\""
        + extra
        + "},\"source\":"
        + source
        + "}";
  }

  /** Decodes like the Connect task and the Spark job: a record that fails is a bad record. */
  private static void decode(
      ChangeEventDecoder d,
      String topic,
      long offset,
      byte[] value,
      List<ChangeEvent> events,
      List<BadRecord> bad) {
    try {
      d.decode(topic, 0, offset, 0, null, value).ifPresent(events::add);
    } catch (RuntimeException e) {
      bad.add(new BadRecord(topic, 0, offset, null, value, e.getMessage()));
    }
  }

  @Test
  void outOfRangeTimesHugeNumbersAndBadNamesAreErrorRowsAndTheRestLoads() throws Exception {
    AvroCustomers.Registry registry = track(new AvroCustomers.Registry());
    schema = newSchema();
    VaultLoader loader = track(VaultLoader.open(SHOP, db().options(schema).build()));
    ChangeEventDecoder d =
        new ChangeEventDecoder(SHOP, new DecoderOptions(null, null, registry.url()));
    List<ChangeEvent> events = new ArrayList<>();
    List<BadRecord> bad = new ArrayList<>();
    String p = "shop.public.products";
    String ok = "{\"ts_ms\":1700000000000}";
    decode(d, p, 0, utf8(product(1, "", ok)), events, bad);
    decode(d, p, 1, utf8(product(2, "", "{\"ts_ms\":253402300800000000}")), events, bad);
    decode(d, p, 2, utf8(product(3, ",\"price\":1e999999999", ok)), events, bad);
    decode(d, p, 3, utf8(product(4, ",\"" + "n".repeat(70) + "\":1", ok)), events, bad);
    decode(d, p, 4, utf8(product(5, "", "{\"ts_us\":253402300799999999}")), events, bad);
    decode(d, p, 5, utf8(product(6, "", "{\"ts_ms\":9223372036854775807}")), events, bad);
    String s = "shop.public.order_status";
    String longCode = "{\"op\":\"c\",\"after\":{\"code\":\"" + "c".repeat(3000) + "\"}}";
    decode(d, s, 0, utf8(longCode), events, bad);
    // Avro: an envelope whose source time is beyond year 9999.
    Schema env = AvroCustomers.envelope(false);
    GenericRecord late = AvroCustomers.customer(env, 7, null);
    ((GenericRecord) late.get("source")).put("ts_us", 253_402_300_800_000_000L);
    decode(d, "shop.public.customers", 0, AvroCustomers.wire(1, env, late), events, bad);

    LoadResult r = loader.load(events, bad);

    assertThat(bad).hasSize(6);
    assertThat(rows("SELECT sku FROM $s.hub_product WHERE record_source <> 'SYSTEM' ORDER BY sku"))
        .containsExactly("SKU-1", "SKU-5");
    assertThat(rows("SELECT load_dts FROM $s.hub_product WHERE sku = 'SKU-5'"))
        .containsExactly("9999-12-31 23:59:59.999999");
    List<String> errors =
        rows(
            "SELECT error_code, topic, kafka_offset, event_time, message FROM $s.vs_errors"
                + " ORDER BY topic, kafka_offset");
    assertThat(errors).hasSize(6).allMatch(e -> e.startsWith("BAD_RECORD|"));
    assertThat(errors.get(0))
        .startsWith("BAD_RECORD|shop.public.customers|0|null|")
        .contains("'source.ts_us'");
    assertThat(errors.get(1)).startsWith("BAD_RECORD|shop.public.order_status|0|null|");
    assertThat(errors.get(2)).startsWith("BAD_RECORD|shop.public.products|1|null|");
    assertThat(errors.get(3))
        .startsWith("BAD_RECORD|shop.public.products|2|null|")
        .contains("'price'");
    assertThat(errors.get(4)).startsWith("BAD_RECORD|shop.public.products|3|null|");
    // ts_ms Long.MAX_VALUE: not multiplied into a wrapped-around time.
    assertThat(errors.get(5))
        .startsWith("BAD_RECORD|shop.public.products|5|null|")
        .contains("'source.ts_ms'");
    assertThat(r.errors()).isEqualTo(6);
  }
}
