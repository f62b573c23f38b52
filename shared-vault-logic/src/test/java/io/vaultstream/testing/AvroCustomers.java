package io.vaultstream.testing;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;

/**
 * Debezium-shaped customer change events in Confluent wire-format Avro, in two schema versions (the
 * second adds {@code city}), and a schema registry endpoint ({@code GET /schemas/ids/{id}}) serving
 * them on loopback: the registry's own artifacts are not on Maven Central, its HTTP contract is
 * what the engine uses.
 */
public final class AvroCustomers {
  private AvroCustomers() {}

  static String valueSchema(boolean withCity) {
    String city =
        withCity ? ",{\"name\":\"city\",\"type\":[\"null\",\"string\"],\"default\":null}" : "";
    return "{\"type\":\"record\",\"name\":\"Value\",\"namespace\":\"shop.public.customers\",\"fields\":["
        + "{\"name\":\"id\",\"type\":\"long\"},{\"name\":\"customer_no\",\"type\":\"string\"},"
        + "{\"name\":\"credit\",\"type\":[\"null\",{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":12,\"scale\":2}],\"default\":null},"
        + "{\"name\":\"updated_at\",\"type\":{\"type\":\"string\",\"connect.name\":\"io.debezium.time.ZonedTimestamp\"}}"
        + city
        + "]}";
  }

  public static Schema envelope(boolean withCity) {
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

  public static byte[] wire(int id, Schema schema, GenericRecord record) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(0);
    out.write(ByteBuffer.allocate(4).putInt(id).array());
    BinaryEncoder enc = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<GenericRecord>(schema).write(record, enc);
    enc.flush();
    return out.toByteArray();
  }

  public static GenericRecord customer(Schema env, long id, String city) {
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

  /**
   * A schema registry serving schema ids 1 (without city) and 2 (with city) on loopback; it can be
   * made to fail the next requests with a status (an outage) and to require an Authorization
   * header.
   */
  public static final class Registry implements AutoCloseable {
    private final HttpServer server;
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger failures = new AtomicInteger();
    private volatile int failureStatus;
    private volatile String requiredAuthorization;

    public Registry() throws java.io.IOException {
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      server.createContext(
          "/schemas/ids/",
          ex -> {
            requests.incrementAndGet();
            String id = ex.getRequestURI().getPath().substring("/schemas/ids/".length());
            String body;
            int status = 200;
            String auth = requiredAuthorization;
            if (failures.getAndDecrement() > 0) {
              status = failureStatus;
              body = "{\"error_code\":" + status + "01,\"message\":\"Store error\"}";
            } else if (auth != null
                && !auth.equals(ex.getRequestHeaders().getFirst("Authorization"))) {
              status = 401;
              body = "{\"error_code\":401,\"message\":\"Unauthorized\"}";
            } else if (id.equals("1") || id.equals("2")) {
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
      server.start();
    }

    /** The registry's base URL. */
    public String url() {
      return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** The next {@code times} requests are answered with {@code status} (e.g. 503). */
    public void fail(int status, int times) {
      failureStatus = status;
      failures.set(times);
    }

    /** Requests without exactly this Authorization header are answered 401 (null: none needed). */
    public void requireAuthorization(String header) {
      requiredAuthorization = header;
    }

    /** Schema requests served so far. */
    public int requests() {
      return requests.get();
    }

    @Override
    public void close() {
      server.stop(0);
    }
  }
}
