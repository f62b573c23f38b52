package io.vaultstream.connect;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Supplier;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.json.JsonConverter;

/**
 * Seeded Debezium change records of a products table whose columns have every Debezium and Connect
 * logical type, as the source's JsonConverter writes them (schema envelope): inserts, updates,
 * snapshot reads, deletes and tombstones, nulls in every optional column, and a second version of
 * the table (a column added) appearing mid-topic and alternating with the first.
 */
final class AllTypesEnvelopes {
  static final String TOPIC = "shop.public.products";
  private static final long DAY_MS = 86_400_000L;
  private static final long MIN_MS = -62_135_596_800_000L; // 0001-01-01
  private static final long MAX_MS = 253_402_300_799_999L; // 9999-12-31

  private static final Schema VSD =
      SchemaBuilder.struct()
          .name("io.debezium.data.VariableScaleDecimal")
          .field("scale", Schema.INT32_SCHEMA)
          .field("value", Schema.BYTES_SCHEMA)
          .optional()
          .build();
  private static final Schema ROW_V1 = row(false);
  private static final Schema ROW_V2 = row(true);
  private static final Schema SOURCE =
      SchemaBuilder.struct()
          .name("io.debezium.connector.postgresql.Source")
          .field("version", Schema.STRING_SCHEMA)
          .field("connector", Schema.STRING_SCHEMA)
          .field("ts_ms", Schema.INT64_SCHEMA)
          .field("ts_us", Schema.OPTIONAL_INT64_SCHEMA)
          .field("db", Schema.STRING_SCHEMA)
          .field("txId", Schema.OPTIONAL_INT64_SCHEMA)
          .field("lsn", Schema.OPTIONAL_INT64_SCHEMA)
          .build();
  private static final Schema TRANSACTION =
      SchemaBuilder.struct()
          .name("event.block")
          .field("id", Schema.STRING_SCHEMA)
          .field("total_order", Schema.INT64_SCHEMA)
          .optional()
          .build();

  private final SplittableRandom random;
  private final JsonConverter json = new JsonConverter();
  private long clockMs = 1_767_600_000_000L;

  AllTypesEnvelopes(long seed) {
    random = new SplittableRandom(seed);
    json.configure(Map.of("schemas.enable", "true", "converter.type", "value"));
  }

  private static Schema row(boolean second) {
    SchemaBuilder b =
        SchemaBuilder.struct()
            .name(TOPIC + (second ? ".Value2" : ".Value"))
            .optional()
            .field("id", Schema.INT64_SCHEMA)
            .field("sku", Schema.OPTIONAL_STRING_SCHEMA)
            .field("price", Decimal.builder(2).optional().build())
            .field("precise", VSD)
            .field("d_date", named(SchemaBuilder.int32(), "io.debezium.time.Date"))
            .field("c_date", Date.builder().optional().build())
            .field("d_time", named(SchemaBuilder.int32(), "io.debezium.time.Time"))
            .field("c_time", Time.builder().optional().build())
            .field("micro_time", named(SchemaBuilder.int64(), "io.debezium.time.MicroTime"))
            .field("nano_time", named(SchemaBuilder.int64(), "io.debezium.time.NanoTime"))
            .field("d_ts", named(SchemaBuilder.int64(), "io.debezium.time.Timestamp"))
            .field("c_ts", Timestamp.builder().optional().build())
            .field("micro_ts", named(SchemaBuilder.int64(), "io.debezium.time.MicroTimestamp"))
            .field("nano_ts", named(SchemaBuilder.int64(), "io.debezium.time.NanoTimestamp"))
            .field("zoned_ts", named(SchemaBuilder.string(), "io.debezium.time.ZonedTimestamp"))
            .field("zoned_time", named(SchemaBuilder.string(), "io.debezium.time.ZonedTime"))
            .field("uuid", named(SchemaBuilder.string(), "io.debezium.data.Uuid"))
            .field("doc", named(SchemaBuilder.string(), "io.debezium.data.Json"))
            .field("f32", Schema.OPTIONAL_FLOAT32_SCHEMA)
            .field("f64", Schema.OPTIONAL_FLOAT64_SCHEMA)
            .field("i8", Schema.OPTIONAL_INT8_SCHEMA)
            .field("i16", Schema.OPTIONAL_INT16_SCHEMA)
            .field("i32", Schema.OPTIONAL_INT32_SCHEMA)
            .field("flag", Schema.OPTIONAL_BOOLEAN_SCHEMA)
            .field("blob", Schema.OPTIONAL_BYTES_SCHEMA);
    if (second) {
      b.field("note", Schema.OPTIONAL_STRING_SCHEMA);
    }
    return b.build();
  }

  private static Schema named(SchemaBuilder b, String name) {
    return b.name(name).optional().build();
  }

  private static Schema envelope(Schema row) {
    return SchemaBuilder.struct()
        .name(TOPIC + ".Envelope")
        .field("before", row)
        .field("after", row)
        .field("source", SOURCE)
        .field("op", Schema.STRING_SCHEMA)
        .field("ts_ms", Schema.OPTIONAL_INT64_SCHEMA)
        .field("transaction", TRANSACTION)
        .build();
  }

  /** The next {@code count} record values (null: a tombstone), as JSON bytes. */
  List<byte[]> next(int count) {
    List<byte[]> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      clockMs += 1 + random.nextInt(5_000);
      int kind = random.nextInt(20);
      if (kind == 0) {
        out.add(null);
        continue;
      }
      // The second version appears after the first quarter and then alternates with the first.
      Schema row = i > count / 4 && random.nextBoolean() ? ROW_V2 : ROW_V1;
      Schema envelope = envelope(row);
      String op = kind < 8 ? "c" : kind < 14 ? "u" : kind < 17 ? "d" : "r";
      Struct value = new Struct(envelope).put("op", op).put("source", source());
      if (!op.equals("c") && !op.equals("r")) {
        value.put("before", row(row));
      }
      if (!op.equals("d")) {
        value.put("after", row(row));
      }
      value.put("ts_ms", random.nextBoolean() ? clockMs + 3 : null);
      if (random.nextBoolean()) {
        value.put(
            "transaction", new Struct(TRANSACTION).put("id", "tx" + i).put("total_order", 1L));
      }
      out.add(json.fromConnectData(TOPIC, envelope, value));
    }
    return out;
  }

  private Struct source() {
    Struct s =
        new Struct(SOURCE)
            .put("version", "2.7.4.Final")
            .put("connector", "postgresql")
            .put("ts_ms", clockMs)
            .put("db", "shop");
    s.put("ts_us", random.nextBoolean() ? clockMs * 1000 + random.nextInt(1000) : null);
    s.put("txId", random.nextBoolean() ? random.nextLong(1, 1L << 40) : null);
    s.put("lsn", random.nextBoolean() ? random.nextLong(1, 1L << 50) : null);
    return s;
  }

  private Struct row(Schema schema) {
    Struct r = new Struct(schema).put("id", random.nextLong(1, 1_000));
    put(r, "sku", () -> "SKU-" + random.nextInt(100_000));
    put(
        r,
        "price",
        () -> new BigDecimal(BigInteger.valueOf(random.nextLong(-1L << 40, 1L << 40)), 2));
    put(r, "precise", this::variableScale);
    put(r, "d_date", () -> (int) Math.floorDiv(millis(), DAY_MS));
    put(r, "c_date", () -> new java.util.Date(Math.floorDiv(millis(), DAY_MS) * DAY_MS));
    put(r, "d_time", () -> (int) random.nextLong(DAY_MS + 1));
    put(r, "c_time", () -> new java.util.Date(random.nextLong(DAY_MS)));
    put(r, "micro_time", () -> endOrWithin(DAY_MS * 1000));
    put(r, "nano_time", () -> endOrWithin(DAY_MS * 1_000_000));
    put(r, "d_ts", this::millis);
    put(r, "c_ts", () -> new java.util.Date(millis()));
    put(r, "micro_ts", () -> millis() * 1000 + random.nextInt(1000));
    put(r, "nano_ts", () -> random.nextLong(-9_000_000_000_000_000_000L, Long.MAX_VALUE));
    put(r, "zoned_ts", this::zonedTimestamp);
    put(
        r,
        "zoned_time",
        () ->
            String.format(
                "%02d:%02d:%02d.%06dZ",
                random.nextInt(24),
                random.nextInt(60),
                random.nextInt(60),
                random.nextInt(1_000_000)));
    put(r, "uuid", () -> new UUID(random.nextLong(), random.nextLong()).toString());
    put(r, "doc", () -> "{\"k\": [1, 2.50, \"x\"]}");
    put(r, "f32", () -> (float) (random.nextDouble(-1e6, 1e6)));
    // Tiny and huge doubles too, which JSON writes with an exponent.
    put(r, "f64", () -> random.nextDouble(-1e12, 1e12) * (random.nextInt(8) == 0 ? 1e-20 : 1));
    put(r, "i8", () -> (byte) random.nextInt(-128, 128));
    put(r, "i16", () -> (short) random.nextInt(-32768, 32768));
    put(r, "i32", random::nextInt);
    put(r, "flag", random::nextBoolean);
    put(r, "blob", () -> ("b" + random.nextInt()).getBytes(StandardCharsets.UTF_8));
    if (schema == ROW_V2) {
      put(r, "note", () -> "note " + random.nextInt(10));
    }
    return r;
  }

  private void put(Struct r, String field, Supplier<Object> value) {
    r.put(field, random.nextInt(6) == 0 ? null : value.get());
  }

  private long millis() {
    return random.nextInt(4) == 0
        ? random.nextLong(MIN_MS, MAX_MS)
        : clockMs - random.nextLong(DAY_MS * 3650);
  }

  private long endOrWithin(long day) {
    return random.nextInt(10) == 0 ? day : random.nextLong(day);
  }

  private Struct variableScale() {
    BigInteger unscaled =
        BigInteger.valueOf(random.nextLong()).multiply(BigInteger.valueOf(random.nextLong()));
    return new Struct(VSD)
        .put("scale", random.nextInt(0, 20))
        .put("value", ByteBuffer.wrap(unscaled.toByteArray()).array());
  }

  private String zonedTimestamp() {
    int digits = random.nextInt(10);
    String pattern = "uuuu-MM-dd'T'HH:mm:ss" + (digits == 0 ? "" : "." + "S".repeat(digits));
    ZoneOffset offset =
        random.nextBoolean()
            ? ZoneOffset.UTC
            : ZoneOffset.ofHoursMinutes(random.nextInt(-12, 15), 0);
    String text =
        Instant.ofEpochMilli(millis())
            .plusNanos(random.nextInt(1_000_000))
            .atOffset(offset)
            .format(DateTimeFormatter.ofPattern(pattern));
    return text + (offset.getTotalSeconds() == 0 ? "Z" : offset.getId());
  }
}
