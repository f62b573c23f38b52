package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.hash.CanonicalText;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.Samples;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.Test;

/**
 * The same Debezium records through the worker's two converters give the same change events: the
 * Struct path (JsonConverter with schemas, the Struct converted by the task) and the bytes path
 * (ByteArrayConverter, the engine reading the JSON itself, its schemas kept per topic). Every
 * column's value is compared as the vault stores it, so a decimal's scale or a time's precision
 * that differed would show; equal events make equal vaults, as the engine plans from nothing else.
 */
class BytesAndStructPathsTest {
  private final RecordConverter converter =
      new RecordConverter(
          new ChangeEventDecoder(ModelLoader.load(Samples.shopModel()), DecoderOptions.defaults()));
  private final JsonConverter structs = new JsonConverter();
  private long offset;
  private int compared;

  BytesAndStructPathsTest() {
    // The recommended sink setting: a null stays null (the bytes path never puts defaults in).
    structs.configure(
        Map.of(
            "schemas.enable", "true",
            "converter.type", "value",
            "replace.null.with.default", "false"));
  }

  @Test
  void everyLogicalTypeNullsDeletesTombstonesAndSchemaChangesGiveTheSameEvents() {
    List<byte[]> values = new AllTypesEnvelopes(20261202L).next(6_000);
    int tombstones = 0;
    int deletes = 0;
    for (byte[] value : values) {
      Optional<ChangeEvent> e = compare(AllTypesEnvelopes.TOPIC, value);
      tombstones += value == null ? 1 : 0;
      deletes += e.filter(x -> x.operation().name().equals("DELETE")).isPresent() ? 1 : 0;
    }
    assertThat(compared).isEqualTo(values.size());
    assertThat(tombstones).isGreaterThan(100);
    assertThat(deletes).isGreaterThan(300);
  }

  @Test
  void theShopStreamsGiveTheSameEvents() {
    List<ChangeRecord> records = new ArrayList<>(ShopEventGenerator.debezium(5).next(4_000));
    records.addAll(new ShopEventGenerator("shop.public", 5).withSchemas().next(4_000));
    for (ChangeRecord r : records) {
      compare(r.topic(), r.value());
    }
    assertThat(compared).isEqualTo(records.size());
  }

  @Test
  void realDebeziumRecordsGiveTheSameEvents() {
    for (String table : List.of("customers", "orders", "order_lines", "products")) {
      for (String kind : List.of("", ".update", ".delete")) {
        String name = table + kind + ".value.json";
        if (!(table.equals("products") && kind.equals(".delete"))) {
          assertThat(compare("shop.public." + table, Samples.bytes(name))).as(name).isPresent();
        }
      }
    }
  }

  /** Both paths' events for one record value (null: a tombstone), asserted equal. */
  private Optional<ChangeEvent> compare(String topic, byte[] value) {
    long at = offset++;
    long ts = 1_767_600_000_000L + at;
    SinkRecord bytes =
        new SinkRecord(topic, 1, null, null, null, value, at, ts, TimestampType.CREATE_TIME);
    SchemaAndValue sv = structs.toConnectData(topic, value);
    SinkRecord struct =
        new SinkRecord(
            topic, 1, null, null, sv.schema(), sv.value(), at, ts, TimestampType.CREATE_TIME);
    Optional<ChangeEvent> fromBytes = converter.convert(bytes);
    Optional<ChangeEvent> fromStruct = converter.convert(struct);
    assertThat(fromBytes.map(e -> describe(e, fromStruct)))
        .as("%s@%d", topic, at)
        .isEqualTo(fromStruct.map(e -> describe(e, fromBytes)));
    compared++;
    return fromBytes;
  }

  /**
   * Everything the engine plans from: table, operation, time, position and each row value as the
   * vault stores it (its canonical text).
   */
  static String describe(ChangeEvent e, Optional<ChangeEvent> other) {
    StringBuilder s =
        new StringBuilder()
            .append(e.sourceTable())
            .append(' ')
            .append(e.operation())
            .append(" at ")
            .append(e.eventTimeMicros())
            .append(' ')
            .append(e.position())
            .append(" lsn ")
            .append(e.position().lsn())
            .append(" tx ")
            .append(e.position().transaction());
    e.row().forEach((k, v) -> s.append("\n  ").append(k).append(" = ").append(text(v)));
    return s.toString();
  }

  private static String text(Object v) {
    return v == null ? "null" : CanonicalText.of(v);
  }
}
