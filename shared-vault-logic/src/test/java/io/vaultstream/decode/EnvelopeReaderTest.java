package io.vaultstream.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.Samples;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The envelope's fast way (schemas kept per topic, payloads streamed) gives what the general way
 * gives, value for value and error for error, and notices a topic's new schema.
 */
class EnvelopeReaderTest {
  private static final String TOPIC = "shop.public.products";

  /** A value's structure with every leaf's class, so 29.70 and 29.7, or 1 and 1L, differ. */
  static String render(Object v) {
    if (v instanceof Map<?, ?> m) {
      List<String> parts = new ArrayList<>();
      m.forEach((k, e) -> parts.add(k + "=" + render(e)));
      return "{" + String.join(", ", parts) + "}";
    }
    if (v instanceof List<?> l) {
      return l.stream().map(EnvelopeReaderTest::render).toList().toString();
    }
    if (v instanceof byte[] b) {
      return "bytes:" + Base64.getEncoder().encodeToString(b);
    }
    return v == null ? "null" : v.getClass().getSimpleName() + ":" + v;
  }

  /**
   * The fast way's value is the general way's, but for the texts of a Debezium envelope's source
   * block that no one reads: those it leaves null. Returns how many it left so.
   */
  private static int assertSameAsGeneral(EnvelopeReader reader, String topic, byte[] value) {
    Object general = JsonValueReader.read(value);
    Object fast = reader.read(topic, value);
    int unread = 0;
    if (general instanceof Map<?, ?> g
        && fast instanceof Map<?, ?> f
        && Frame.isDebezium(f.keySet())
        && g.get("source") instanceof Map<?, ?> gs
        && f.get("source") instanceof Map<?, ?> fs) {
      Map<Object, Object> expectedSource = new LinkedHashMap<>(gs);
      for (Map.Entry<?, ?> e : gs.entrySet()) {
        if (e.getValue() instanceof String
            && fs.get(e.getKey()) == null
            && !Frame.SOURCE_FIELDS_READ.contains(e.getKey())) {
          expectedSource.put(e.getKey(), null);
          unread++;
        }
      }
      Map<Object, Object> expected = new LinkedHashMap<>(g);
      expected.put("source", expectedSource);
      general = expected;
    }
    assertThat(render(fast)).isEqualTo(render(general));
    return unread;
  }

  @Test
  void debeziumRecordsReadTheSameAsTheGeneralWayFirstAndLaterTimes() {
    EnvelopeReader reader = new EnvelopeReader();
    List<ChangeRecord> records = ShopEventGenerator.debezium(7).next(2_000);
    records.addAll(new ShopEventGenerator("shop.public", 7).withSchemas().next(2_000));
    for (ChangeRecord r : records) {
      if (r.value() != null) {
        assertSameAsGeneral(reader, r.topic(), r.value());
      }
    }
    for (String sample :
        List.of(
            "customers.value.json",
            "customers.update.value.json",
            "customers.delete.value.json",
            "orders.value.json",
            "order_lines.update.value.json",
            "products.value.json")) {
      byte[] value = Samples.bytes(sample);
      assertSameAsGeneral(reader, "real." + sample, value);
      // Debezium's connector, version, name, database, schema, table and sequence: not read.
      assertThat(assertSameAsGeneral(reader, "real." + sample, value)).isEqualTo(7);
      assertThat(reader.keptSchemas("real." + sample)).isEqualTo(1);
    }
  }

  /**
   * What an event keeps of its record's bytes gives them back exactly, whichever way read them; on
   * the fast way it is not the record's own array (which can then be collected before the event),
   * and the schema's bytes are shared, not copied.
   */
  @Test
  void theKeptBytesAreTheRecordsBytesWithoutHoldingItsArray() {
    EnvelopeReader reader = new EnvelopeReader();
    List<byte[]> values = new ArrayList<>();
    for (ChangeRecord r : ShopEventGenerator.debezium(11).next(1_500)) {
      if (r.value() != null) {
        values.add(r.value());
      }
    }
    String spaced =
        "  { \"schema\" : " + new String(values.get(0), StandardCharsets.UTF_8).substring(10);
    values.add(spaced.getBytes(StandardCharsets.UTF_8));
    values.add("{\"payload\":{\"id\":1},\"schema\":null}".getBytes(StandardCharsets.UTF_8));
    values.add("[1,2]".getBytes(StandardCharsets.UTF_8));
    int compact = 0;
    for (byte[] value : values) {
      byte[] copy = value.clone();
      EnvelopeReader.Read read = reader.readKeeping("shop.public.any", value);
      java.util.Arrays.fill(value, (byte) ' '); // the record's array, reused or gone
      byte[] kept = io.vaultstream.event.RawBytes.bytes(read.raw());
      if (kept != value) {
        compact++;
        assertThat(kept).isEqualTo(copy);
      }
    }
    assertThat(compact).as("records read the fast way").isGreaterThan(1_000);
  }

  private static byte[] envelope(String extraField, String payload) {
    String fields =
        "[{\"type\":\"int64\",\"optional\":false,\"field\":\"id\"},"
            + "{\"type\":\"bytes\",\"optional\":true,\"name\":\"org.apache.kafka.connect.data.Decimal\","
            + "\"parameters\":{\"scale\":\"2\"},\"field\":\"price\"}"
            + extraField
            + "]";
    return ("{\"schema\":{\"type\":\"struct\",\"fields\":"
            + fields
            + ",\"optional\":false},\"payload\":"
            + payload
            + "}")
        .getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void aNewSchemaMidTopicIsNoticedAndTheOldOneStillRead() {
    EnvelopeReader reader = new EnvelopeReader();
    byte[] v1 = envelope("", "{\"id\":1,\"price\":\"C5I=\"}");
    byte[] v2 =
        envelope(
            ",{\"type\":\"string\",\"optional\":true,\"field\":\"sku\"}",
            "{\"id\":2,\"price\":\"C5I=\",\"sku\":\"S2\"}");
    assertThat(render(reader.read(TOPIC, v1))).isEqualTo("{id=Long:1, price=BigDecimal:29.62}");
    assertThat(render(reader.read(TOPIC, v2)))
        .isEqualTo("{id=Long:2, price=BigDecimal:29.62, sku=String:S2}");
    assertThat(render(reader.read(TOPIC, v1))).isEqualTo("{id=Long:1, price=BigDecimal:29.62}");
    assertThat(reader.keptSchemas(TOPIC)).isEqualTo(2);
    // The same schema text on another topic is that topic's own.
    assertThat(render(reader.read("other", v2))).isEqualTo(render(JsonValueReader.read(v2)));
    assertThat(reader.keptSchemas("other")).isEqualTo(1);
  }

  @Test
  void aTopicKeepsABoundedNumberOfSchemas() {
    EnvelopeReader reader = new EnvelopeReader();
    for (int i = 0; i < EnvelopeReader.SCHEMAS_PER_TOPIC + 3; i++) {
      byte[] v =
          envelope(
              ",{\"type\":\"int32\",\"optional\":true,\"field\":\"c" + i + "\"}",
              "{\"id\":" + i + ",\"c" + i + "\":" + i + "}");
      assertSameAsGeneral(reader, TOPIC, v);
    }
    assertThat(reader.keptSchemas(TOPIC)).isEqualTo(EnvelopeReader.SCHEMAS_PER_TOPIC);
  }

  @Test
  void unusualPayloadsReadAsTheGeneralWayReadsThem() {
    EnvelopeReader reader = new EnvelopeReader();
    for (String payload :
        List.of(
            "{\"id\":1,\"price\":\"C5I=\"}",
            "null",
            "{\"price\":\"C5I=\",\"id\":1}",
            "{\"id\":1}",
            "{\"id\":1,\"unknown\":{\"a\":[1,2,{\"b\":\"}\"}]},\"price\":null}",
            "{\"id\":1,\"id\":2,\"price\":\"AA==\"}",
            "{ \"id\" : 3 , \"price\" : \"C5I=\" }",
            // A name written with an escape is the same name (compared as bytes it is not).
            "{\"i\\u0064\":4,\"pr\\u0069ce\":\"C5I=\"}",
            "{\"id\":5,\"pr\\u0069ce\":\"C5I=\",\"price\":null}")) {
      assertSameAsGeneral(reader, TOPIC, envelope("", payload));
    }
    // Other layouts: payload first, a third member, whitespace, no schema.
    for (String value :
        List.of(
            "{\"payload\":{\"id\":1},\"schema\":{\"type\":\"struct\",\"fields\":[]}}",
            "{\"schema\":{\"type\":\"struct\",\"fields\":[]},\"payload\":{\"id\":1},\"x\":1}",
            " { \"schema\" : {\"type\":\"struct\",\"fields\":[]} , \"payload\" : {\"id\":1} } ",
            "{\"schema\":null,\"payload\":{\"id\":1}}",
            "{\"schema\":{\"type\":\"struct\",\"fields\":[]},\"payload\":{\"id\":1}} trailing")) {
      assertSameAsGeneral(reader, TOPIC, value.getBytes(StandardCharsets.UTF_8));
    }
  }

  @Test
  void badPayloadsFailWithTheGeneralWaysMessageAfterTheSchemaIsKept() {
    EnvelopeReader reader = new EnvelopeReader();
    reader.read(TOPIC, envelope("", "{\"id\":1,\"price\":\"C5I=\"}"));
    assertThat(reader.keptSchemas(TOPIC)).isEqualTo(1);
    for (String payload :
        List.of(
            "{\"id\":\"abc\",\"price\":\"C5I=\"}",
            "{\"id\":1,\"price\":\"not base64!\"}",
            "{\"id\":1,\"price\":",
            "{\"id\":1,\"price\":\"C5I=\"",
            "[1,2]",
            "{\"id\":1.5}")) {
      byte[] value = envelope("", payload);
      Throwable general = catchThrowable(() -> JsonValueReader.read(value));
      assertThat(general).as(payload).isInstanceOf(DecodeException.class);
      assertThatThrownBy(() -> reader.read(TOPIC, value))
          .as(payload)
          .isInstanceOf(general.getClass())
          .hasMessage(general.getMessage());
    }
  }

  /**
   * A source text left unread is still checked: bytes that are not UTF-8, a raw control character,
   * a text left open, or a value that is not text there fail as the general way fails.
   */
  @Test
  void unreadSourceTextsAreCheckedAsTheGeneralWayChecksThem() {
    EnvelopeReader reader = new EnvelopeReader();
    String topic = "real.orders";
    byte[] good = Samples.bytes("orders.value.json");
    assertThat(assertSameAsGeneral(reader, topic, good)).isPositive();
    String text = new String(good, StandardCharsets.ISO_8859_1);
    int version = text.indexOf("\"version\"");
    int start = text.indexOf('"', text.indexOf(':', version) + 1) + 1;
    assertThat(version).isPositive();
    List<byte[]> bad = new ArrayList<>();
    for (byte[] inside :
        List.of(
            new byte[] {(byte) 0xFF},
            new byte[] {(byte) 0xC3, 'x'},
            new byte[] {1},
            new byte[] {'\\', 'q'})) {
      byte[] b = new byte[good.length + inside.length];
      System.arraycopy(good, 0, b, 0, start);
      System.arraycopy(inside, 0, b, start, inside.length);
      System.arraycopy(good, start, b, start + inside.length, good.length - start);
      bad.add(b);
    }
    // The version's text made a number, and a text that never ends.
    int end = text.indexOf('"', start);
    bad.add(
        (text.substring(0, start - 1) + "42" + text.substring(end + 1))
            .getBytes(StandardCharsets.ISO_8859_1));
    bad.add(text.substring(0, start + 2).getBytes(StandardCharsets.ISO_8859_1));
    for (byte[] value : bad) {
      Throwable general = catchThrowable(() -> JsonValueReader.read(value));
      assertThat(general).isInstanceOf(DecodeException.class);
      assertThatThrownBy(() -> reader.read(topic, value))
          .isInstanceOf(general.getClass())
          .hasMessage(general.getMessage());
    }
  }

  @Test
  void aDecoderSentToAnotherJvmKeepsDecodingTheSame() throws Exception {
    ChangeEventDecoder decoder =
        new ChangeEventDecoder(ModelLoader.load(Samples.shopModel()), DecoderOptions.defaults());
    byte[] value = Samples.bytes("orders.update.value.json");
    ChangeEvent before = decoder.decode("shop.public.orders", 0, 1, 0L, null, value).orElseThrow();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ObjectOutputStream o = new ObjectOutputStream(out)) {
      o.writeObject(decoder);
    }
    ChangeEventDecoder copy;
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(out.toByteArray()))) {
      copy = (ChangeEventDecoder) in.readObject();
    }
    for (int i = 0; i < 2; i++) {
      ChangeEvent after = copy.decode("shop.public.orders", 0, 1, 0L, null, value).orElseThrow();
      assertThat(render(after.row())).isEqualTo(render(before.row()));
      assertThat(after.eventTimeMicros()).isEqualTo(before.eventTimeMicros());
      assertThat(after.position()).isEqualTo(before.position());
    }
  }

  private static Throwable catchThrowable(Runnable r) {
    try {
      r.run();
      return null;
    } catch (RuntimeException e) {
      return e;
    }
  }
}
