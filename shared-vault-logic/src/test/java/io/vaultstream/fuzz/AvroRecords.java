package io.vaultstream.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;

/**
 * Confluent wire-format Avro records with generated writer schemas (registered in a {@link
 * FuzzRegistry}): Debezium envelopes of products and customers with random fields of every Avro
 * type and logical type, and hand-written bytes a writer would never produce (truncated records,
 * collection counts and lengths near 2^30 in a few bytes, recursion thousands of levels deep).
 */
final class AvroRecords {
  private static final List<String> NAMES =
      List.of(
          "name",
          "Name",
          "NAME",
          "LOAD_DTS",
          "load_dts",
          "Record_Source",
          "product_hk",
          "x".repeat(63),
          "x".repeat(64),
          "av_0",
          "av_1",
          "av_2",
          "av_3",
          "av_4",
          "av_5");
  private static final List<String> TYPES =
      List.of(
          "\"boolean\"",
          "\"int\"",
          "\"long\"",
          "\"float\"",
          "\"double\"",
          "\"string\"",
          "\"bytes\"",
          "\"null\"",
          "[\"null\",\"string\"]",
          "[\"null\",\"long\",\"string\"]",
          "{\"type\":\"int\",\"logicalType\":\"date\"}",
          "{\"type\":\"long\",\"logicalType\":\"timestamp-millis\"}",
          "{\"type\":\"long\",\"logicalType\":\"timestamp-micros\"}",
          "{\"type\":\"long\",\"logicalType\":\"time-micros\"}",
          "{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":12,\"scale\":2}",
          "{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":1000,\"scale\":-5}",
          "{\"type\":\"string\",\"logicalType\":\"uuid\"}",
          "{\"type\":\"string\",\"connect.name\":\"io.debezium.time.ZonedTimestamp\"}",
          "{\"type\":\"long\",\"connect.name\":\"io.debezium.time.MicroTimestamp\"}",
          "{\"type\":\"int\",\"connect.name\":\"io.debezium.time.Date\"}",
          "{\"type\":\"array\",\"items\":\"long\"}",
          "{\"type\":\"map\",\"values\":\"string\"}",
          "{\"type\":\"enum\",\"name\":\"E%d\",\"symbols\":[\"A\",\"B\"]}",
          "{\"type\":\"fixed\",\"name\":\"F%d\",\"size\":4}",
          "{\"type\":\"record\",\"name\":\"R%d\",\"fields\":[{\"name\":\"x\",\"type\":\"string\"}]}");

  private final Hostile h;
  private final FuzzRegistry registry;
  private final List<Integer> ids = new ArrayList<>();
  private final Map<Integer, Schema> schemas = new HashMap<>();
  private final Map<Integer, String> topics = new HashMap<>();
  private int names;

  AvroRecords(Hostile h, FuzzRegistry registry, int schemaCount) {
    this.h = h;
    this.registry = registry;
    for (int i = 0; i < schemaCount; i++) {
      String topic = i % 3 == 0 ? "customers" : "products";
      String text = envelope(topic, i);
      int id = registry.register(text);
      ids.add(id);
      schemas.put(id, new Schema.Parser().parse(text));
      topics.put(id, "shop.public." + topic);
    }
  }

  private String envelope(String topic, int n) {
    StringBuilder fields = new StringBuilder("{\"name\":\"id\",\"type\":\"long\"}");
    fields.append(
        topic.equals("products")
            ? ",{\"name\":\"sku\",\"type\":\"string\"}"
            : ",{\"name\":\"customer_no\",\"type\":\"string\"}");
    java.util.Set<String> used = new java.util.HashSet<>(List.of("id", "sku", "customer_no"));
    for (int i = h.between(0, 8); i > 0; i--) {
      String name = h.pick(NAMES);
      if (used.add(name)) {
        String type = String.format(h.pick(TYPES), names++);
        fields.append(",{\"name\":\"").append(name).append("\",\"type\":").append(type).append('}');
      }
    }
    String value = "{\"type\":\"record\",\"name\":\"Value\",\"fields\":[" + fields + "]}";
    return "{\"type\":\"record\",\"name\":\"Envelope\",\"namespace\":\"fz"
        + n
        + "\",\"fields\":[{\"name\":\"before\",\"type\":[\"null\","
        + value
        + "],\"default\":null},{\"name\":\"after\",\"type\":[\"null\",\"Value\"],\"default\":null},"
        + "{\"name\":\"source\",\"type\":{\"type\":\"record\",\"name\":\"Source\",\"fields\":"
        + "[{\"name\":\"ts_ms\",\"type\":\"long\"}]}},{\"name\":\"op\",\"type\":\"string\"}]}";
  }

  /** The topic an envelope's schema belongs to. */
  String topicOf(byte[] wire) {
    return topics.get(ByteBuffer.wrap(wire, 1, 4).getInt());
  }

  /** A random envelope record of one of the generated schemas. */
  byte[] envelope() {
    int id = h.pick(ids);
    Schema env = schemas.get(id);
    Schema value = env.getField("after").schema().getTypes().get(1);
    GenericRecord after = (GenericRecord) datum(value, 0);
    after.put(
        "id",
        h.chance(0.8)
            ? (long) h.between(1, 300)
            : (Long) datum(Schema.create(Schema.Type.LONG), 0));
    GenericRecord source = new GenericData.Record(env.getField("source").schema());
    source.put(
        "ts_ms",
        h.chance(0.8)
            ? 1_700_000_000_000L + h.between(0, 99999)
            : datum(Schema.create(Schema.Type.LONG), 0));
    GenericRecord rec = new GenericData.Record(env);
    String op = h.chance(0.9) ? h.pick(List.of("c", "u", "r", "d")) : h.text();
    rec.put(op.equals("d") ? "before" : "after", after);
    rec.put("source", source);
    rec.put("op", op);
    byte[] bytes = wire(id, env, rec);
    return h.chance(0.1) ? java.util.Arrays.copyOf(bytes, h.between(6, bytes.length - 1)) : bytes;
  }

  /** A random datum of a schema. */
  private Object datum(Schema s, int depth) {
    return switch (s.getType()) {
      case NULL -> null;
      case BOOLEAN -> h.chance(0.5);
      case INT ->
          h.pick(
              List.of(
                  0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 19_000, h.between(-99999, 99999)));
      case LONG ->
          h.pick(
              List.of(
                  0L,
                  -1L,
                  Long.MIN_VALUE,
                  Long.MAX_VALUE,
                  1_700_000_000_000L,
                  1_700_000_000_000_000L));
      case FLOAT ->
          h.pick(
              List.of(
                  Float.NaN, Float.POSITIVE_INFINITY, -0f, Float.MIN_VALUE, Float.MAX_VALUE, 1.5f));
      case DOUBLE ->
          h.pick(
              List.of(
                  Double.NaN,
                  Double.NEGATIVE_INFINITY,
                  -0d,
                  Double.MIN_VALUE,
                  Double.MAX_VALUE,
                  29.7));
      case STRING -> h.text();
      case BYTES -> {
        byte[] b = new byte[h.chance(0.1) ? 600 : h.between(0, 12)];
        for (int i = 0; i < b.length; i++) {
          b[i] = (byte) h.between(-128, 127);
        }
        yield ByteBuffer.wrap(b);
      }
      case ENUM -> new GenericData.EnumSymbol(s, h.pick(s.getEnumSymbols()));
      case FIXED -> new GenericData.Fixed(s, new byte[] {0, (byte) 0xff, 0, 1});
      case ARRAY -> {
        List<Object> out = new ArrayList<>();
        for (int i = h.between(0, 3); i > 0; i--) {
          out.add(datum(s.getElementType(), depth + 1));
        }
        yield new GenericData.Array<>(s, out);
      }
      case MAP -> {
        Map<String, Object> out = new HashMap<>();
        for (int i = h.between(0, 3); i > 0; i--) {
          out.put(h.text(), datum(s.getValueType(), depth + 1));
        }
        yield out;
      }
      case UNION -> datum(h.pick(s.getTypes()), depth);
      case RECORD -> {
        GenericRecord r = new GenericData.Record(s);
        for (Schema.Field f : s.getFields()) {
          r.put(f.pos(), datum(f.schema(), depth + 1));
        }
        yield r;
      }
    };
  }

  /** The Confluent wire format of a datum: magic byte, schema id, Avro binary. */
  static byte[] wire(int id, Schema schema, Object datum) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.write(header(id));
      BinaryEncoder enc = EncoderFactory.get().binaryEncoder(out, null);
      new GenericDatumWriter<>(schema).write(datum, enc);
      enc.flush();
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static byte[] header(int id) {
    return ByteBuffer.allocate(5).put((byte) 0).putInt(id).array();
  }

  /** Avro's zig-zag varint of a long. */
  static byte[] varint(long v) {
    long z = (v << 1) ^ (v >> 63);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    while ((z & ~0x7FL) != 0) {
      out.write((int) ((z & 0x7F) | 0x80));
      z >>>= 7;
    }
    out.write((int) z);
    return out.toByteArray();
  }

  /**
   * A record of one collection or string field whose declared count or length is {@code n} and
   * whose content is missing: {@code type} is the field's Avro type.
   */
  byte[] declaredHuge(String type, long n) {
    int id =
        registry.register(
            "{\"type\":\"record\",\"name\":\"Huge\",\"fields\":[{\"name\":\"a\",\"type\":"
                + type
                + "}]}");
    return concat(header(id), varint(n), new byte[] {2, 4, 6});
  }

  /** A recursive record ({@code next} null or another node) nested {@code depth} levels. */
  byte[] deepRecursion(int depth) {
    int id =
        registry.register(
            "{\"type\":\"record\",\"name\":\"Node\",\"fields\":[{\"name\":\"next\","
                + "\"type\":[\"null\",\"Node\"]}]}");
    byte[] b = new byte[5 + depth + 1];
    System.arraycopy(header(id), 0, b, 0, 5);
    java.util.Arrays.fill(b, 5, 5 + depth, (byte) 2); // branch 1 (a Node), zig-zag encoded
    return b; // the last byte is 0: branch 0, null
  }

  /** A writer schema of records nested {@code depth} levels (not recursive) and its record. */
  byte[] deepSchema(int depth) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < depth; i++) {
      s.append("{\"type\":\"record\",\"name\":\"D")
          .append(i)
          .append("\",\"fields\":[{\"name\":\"f\",\"type\":");
    }
    s.append("\"long\"");
    s.append("}]}".repeat(depth));
    int id = registry.register(s.toString());
    return concat(header(id), varint(7));
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }
}
