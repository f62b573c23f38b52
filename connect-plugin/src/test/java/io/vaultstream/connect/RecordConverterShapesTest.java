package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecodeException;
import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Operation;
import io.vaultstream.event.RawBytes;
import io.vaultstream.event.SourcePosition;
import io.vaultstream.hash.CanonicalText;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.testing.Samples;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.Test;

/**
 * Real Debezium records of the shop as the worker's converters hand them to the task: a Struct
 * (JsonConverter with schemas), a Map (JsonConverter without schemas) or the bytes themselves
 * (ByteArrayConverter) all become the same change event.
 */
class RecordConverterShapesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CUSTOMERS = "shop.public.customers";

  private final RecordConverter converter =
      new RecordConverter(
          new ChangeEventDecoder(ModelLoader.load(Samples.shopModel()), DecoderOptions.defaults()));

  private enum Shape {
    STRUCT,
    MAP,
    BYTES
  }

  /** The sample as the worker's converter of this shape makes it, at partition 2, offset 7. */
  private static SinkRecord record(String topic, String sample, Shape shape) {
    byte[] key = Samples.bytes(sample.replace(".value.", ".key."));
    byte[] value = Samples.bytes(sample);
    SchemaAndValue k = new SchemaAndValue(null, key);
    SchemaAndValue v = new SchemaAndValue(null, value);
    if (shape == Shape.STRUCT) {
      k = json(true).toConnectData(topic, key);
      v = json(true).toConnectData(topic, value);
    } else if (shape == Shape.MAP) {
      k = json(false).toConnectData(topic, payload(key));
      v = json(false).toConnectData(topic, payload(value));
    }
    return new SinkRecord(
        topic,
        2,
        k.schema(),
        k.value(),
        v.schema(),
        v.value(),
        7,
        1L,
        org.apache.kafka.common.record.TimestampType.CREATE_TIME);
  }

  private static JsonConverter json(boolean schemas) {
    JsonConverter c = new JsonConverter();
    c.configure(Map.of("schemas.enable", String.valueOf(schemas)), false);
    return c;
  }

  /** The envelope's payload: what a source without schemas would have written. */
  private static byte[] payload(byte[] withSchema) {
    try {
      return JSON.writeValueAsBytes(JSON.readTree(withSchema).get("payload"));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private ChangeEvent convert(String topic, String sample, Shape shape) {
    return converter.convert(record(topic, sample, shape)).orElseThrow();
  }

  private static String text(ChangeEvent e, String column) {
    return CanonicalText.of(e.get(column));
  }

  @Test
  void everyConverterShapeGivesTheSameInsert() {
    for (Shape shape : Shape.values()) {
      ChangeEvent e = convert(CUSTOMERS, "customers.value.json", shape);
      assertThat(e.sourceTable()).as(shape.name()).isEqualTo("customers");
      assertThat(e.operation()).as(shape.name()).isEqualTo(Operation.INSERT);
      assertThat(e.position())
          .as(shape.name())
          .isEqualTo(new SourcePosition(CUSTOMERS, 2, 7, 468004568L, "947"));
      assertThat(e.eventTimeMicros()).as(shape.name()).isEqualTo(1_796_006_009_407_843L);
      assertThat(List.of(text(e, "id"), text(e, "customer_no"), text(e, "name"), text(e, "city")))
          .as(shape.name())
          .containsExactly("1", "C0000000001", "Customer 1", "Hamburg");
    }
  }

  @Test
  void aDecimalKeepsItsScaleFromTheStructsSchemaAndFromTheBytes() {
    for (Shape shape : List.of(Shape.STRUCT, Shape.BYTES)) {
      ChangeEvent line = convert("shop.public.order_lines", "order_lines.value.json", shape);
      assertThat(text(line, "amount")).as(shape.name()).isEqualTo("2706.18");
      assertThat(text(line, "line_no")).as(shape.name()).isEqualTo("1");
    }
  }

  @Test
  void aDeleteCarriesItsBeforeImage() {
    for (Shape shape : Shape.values()) {
      ChangeEvent e = convert(CUSTOMERS, "customers.delete.value.json", shape);
      assertThat(e.operation()).as(shape.name()).isEqualTo(Operation.DELETE);
      assertThat(text(e, "id")).as(shape.name()).isEqualTo("97");
    }
  }

  @Test
  void aTombstoneIsNoEvent() {
    SinkRecord tombstone = new SinkRecord(CUSTOMERS, 0, null, Map.of("id", 97L), null, null, 8);
    assertThat(converter.convert(tombstone)).isEmpty();
  }

  @Test
  void theRecordAsReceivedIsKeptForTheErrorTable() throws Exception {
    ChangeEvent e = convert(CUSTOMERS, "customers.value.json", Shape.STRUCT);

    assertThat(JSON.readTree(RawBytes.bytes(e.rawKey())).get("id").asLong()).isEqualTo(1);
    String value = new String(RawBytes.bytes(e.rawValue()), StandardCharsets.UTF_8);
    assertThat(JSON.readTree(value).at("/after/customer_no").asText()).isEqualTo("C0000000001");
  }

  @Test
  void aValueThatIsNotARecordIsADecodeErrorNamingTheRecordAndWhatWouldDo() {
    SinkRecord text = new SinkRecord(CUSTOMERS, 2, null, null, Schema.STRING_SCHEMA, "hello", 9);

    assertThatThrownBy(() -> converter.convert(text))
        .isInstanceOf(DecodeException.class)
        .hasMessage(
            "the value of shop.public.customers/2@9 is a String, not a record (Struct or Map);"
                + " use a converter that yields structured values");
  }

  @Test
  void aTopicOutsideTheModelIsADecodeErrorListingTheModelsTopics() {
    SinkRecord r = record("shop.public.invoices", "customers.value.json", Shape.STRUCT);

    assertThatThrownBy(() -> converter.convert(r))
        .isInstanceOf(DecodeException.class)
        .hasMessageStartingWith("topic 'shop.public.invoices' is not a source of the model")
        .hasMessageContaining(CUSTOMERS);
  }
}
