package io.vaultstream.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.vaultstream.hash.CanonicalText;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Confluent wire-format Avro written with two schema versions decodes, the writer schemas fetched
 * over HTTP from a registry endpoint ({@code GET /schemas/ids/{id}}) served on loopback: the
 * registry's own artifacts are not on Maven Central, its HTTP contract is what is exercised.
 */
class ConfluentAvroIT {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private HttpServer registry;
  private int requests;

  private static String valueSchema(boolean withCity) {
    String city =
        withCity ? ",{\"name\":\"city\",\"type\":[\"null\",\"string\"],\"default\":null}" : "";
    return "{\"type\":\"record\",\"name\":\"Value\",\"namespace\":\"shop.public.customers\",\"fields\":["
        + "{\"name\":\"id\",\"type\":\"long\"},{\"name\":\"customer_no\",\"type\":\"string\"},"
        + "{\"name\":\"credit\",\"type\":[\"null\",{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":12,\"scale\":2}],\"default\":null},"
        + "{\"name\":\"updated_at\",\"type\":{\"type\":\"string\",\"connect.name\":\"io.debezium.time.ZonedTimestamp\"}}"
        + city
        + "]}";
  }

  private static Schema envelope(boolean withCity) {
    String v = valueSchema(withCity);
    return new Schema.Parser()
        .parse(
            "{\"type\":\"record\",\"name\":\"Envelope\",\"namespace\":\"shop.public.customers\",\"fields\":["
                + "{\"name\":\"before\",\"type\":[\"null\","
                + v
                + "],\"default\":null},"
                + "{\"name\":\"after\",\"type\":[\"null\",\"Value\"],\"default\":null},"
                + "{\"name\":\"source\",\"type\":{\"type\":\"record\",\"name\":\"Source\",\"fields\":["
                + "{\"name\":\"ts_us\",\"type\":\"long\"},{\"name\":\"lsn\",\"type\":\"long\"}]}},"
                + "{\"name\":\"op\",\"type\":\"string\"}]}");
  }

  @BeforeEach
  void startRegistry() throws Exception {
    registry = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    registry.createContext(
        "/schemas/ids/",
        ex -> {
          requests++;
          String id = ex.getRequestURI().getPath().substring("/schemas/ids/".length());
          String body;
          int status = 200;
          if (id.equals("1") || id.equals("2")) {
            Map<String, String> m = Map.of("schema", envelope(id.equals("2")).toString());
            body = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(m);
          } else {
            status = 404;
            body = "{\"error_code\":40403,\"message\":\"Schema not found\"}";
          }
          byte[] b = body.getBytes(StandardCharsets.UTF_8);
          ex.sendResponseHeaders(status, b.length);
          try (OutputStream o = ex.getResponseBody()) {
            o.write(b);
          }
        });
    registry.start();
  }

  @AfterEach
  void stopRegistry() {
    registry.stop(0);
  }

  private String url() {
    return "http://127.0.0.1:" + registry.getAddress().getPort();
  }

  private static byte[] wire(int id, Schema schema, GenericRecord record) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(0);
    out.write(ByteBuffer.allocate(4).putInt(id).array());
    BinaryEncoder enc = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<GenericRecord>(schema).write(record, enc);
    enc.flush();
    return out.toByteArray();
  }

  private static GenericRecord customer(Schema env, long id, String city) {
    Schema value = env.getField("after").schema().getTypes().get(1);
    GenericRecord after = new GenericData.Record(value);
    after.put("id", id);
    after.put("customer_no", "C" + id);
    after.put("credit", ByteBuffer.wrap(new BigDecimal("120.50").unscaledValue().toByteArray()));
    after.put("updated_at", "2026-01-01T02:00:00+02:00");
    if (city != null) {
      after.put("city", city);
    }
    GenericRecord source = new GenericData.Record(env.getField("source").schema());
    source.put("ts_us", 1_767_225_600_000_001L);
    source.put("lsn", 77L);
    GenericRecord rec = new GenericData.Record(env);
    rec.put("after", after);
    rec.put("source", source);
    rec.put("op", "c");
    return rec;
  }

  @Test
  void twoSchemaVersionsDecode() throws Exception {
    ChangeEventDecoder d = new ChangeEventDecoder(SHOP, new DecoderOptions(null, null, url()));
    Schema v1 = envelope(false);
    Schema v2 = envelope(true);
    ChangeEvent a =
        d.decode("shop.public.customers", 0, 1, 0, null, wire(1, v1, customer(v1, 1, null)))
            .orElseThrow();
    ChangeEvent b =
        d.decode("shop.public.customers", 0, 2, 0, null, wire(2, v2, customer(v2, 2, "Kiel")))
            .orElseThrow();
    ChangeEvent c =
        d.decode("shop.public.customers", 0, 3, 0, null, wire(2, v2, customer(v2, 3, null)))
            .orElseThrow();
    assertThat(a.operation()).isEqualTo(Operation.INSERT);
    assertThat(a.get("id")).isEqualTo(1L);
    assertThat(a.get("customer_no")).isEqualTo("C1");
    assertThat(CanonicalText.of(a.get("credit"))).isEqualTo("120.50");
    assertThat(a.get("updated_at")).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
    assertThat(a.row()).doesNotContainKey("city");
    assertThat(a.eventTimeMicros()).isEqualTo(1_767_225_600_000_001L);
    assertThat(a.position().lsn()).isEqualTo(77L);
    assertThat(b.get("city")).isEqualTo("Kiel");
    assertThat(c.row()).containsEntry("city", null);
    assertThat(requests).as("each schema fetched once").isEqualTo(2);
  }

  @Test
  void unknownSchemaIdsAndAMissingRegistryAreNamed() throws Exception {
    ChangeEventDecoder d = new ChangeEventDecoder(SHOP, new DecoderOptions(null, null, url()));
    Schema v1 = envelope(false);
    byte[] unknown = wire(9, v1, customer(v1, 1, null));
    assertThatThrownBy(() -> d.decode("shop.public.customers", 0, 1, 0, null, unknown))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining(
            "the schema registry answered 404 for schema id 9 (" + url() + "/schemas/ids/9)");
    ChangeEventDecoder none = new ChangeEventDecoder(SHOP, DecoderOptions.defaults());
    assertThatThrownBy(() -> none.decode("shop.public.customers", 0, 1, 0, null, unknown))
        .hasMessage(
            "the value is Confluent wire-format Avro (schema id 9); configure the schema registry URL to read it");
  }
}
