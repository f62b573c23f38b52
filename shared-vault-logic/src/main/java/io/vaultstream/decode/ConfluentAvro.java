package io.vaultstream.decode;

import java.io.IOException;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes.Decimal;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;

/**
 * Reads Confluent wire-format Avro (magic byte 0, 4-byte big-endian schema id, Avro binary) into
 * plain Java values, with Avro logical types and the Connect/Debezium names that Confluent's Avro
 * converter records in {@code connect.name} normalised as for JSON.
 */
public final class ConfluentAvro implements Serializable {
  private static final long serialVersionUID = 1L;
  private final SchemaRegistryClient registry;
  // One reader per writer schema id, shared by the threads decoding (Avro keeps the per-thread
  // state of a GenericDatumReader in thread locals); made where used, never serialized.
  private transient volatile Map<Integer, GenericDatumReader<Object>> readers;

  public ConfluentAvro(SchemaRegistryClient registry) {
    this.registry = registry;
  }

  /** The reader of the writer schema with this id, its schema fetched once. */
  private GenericDatumReader<Object> reader(int id) {
    Map<Integer, GenericDatumReader<Object>> r = readers;
    if (r == null) {
      synchronized (this) {
        if (readers == null) {
          readers = new ConcurrentHashMap<>();
        }
        r = readers;
      }
    }
    return r.computeIfAbsent(id, i -> new GenericDatumReader<>(registry.schema(i)));
  }

  /** Whether the bytes are Confluent wire format (they start with the magic byte 0). */
  public static boolean isWireFormat(byte[] bytes) {
    return bytes != null && bytes.length > 5 && bytes[0] == 0;
  }

  /** The schema id of a wire-format record. */
  public static int schemaId(byte[] bytes) {
    return ByteBuffer.wrap(bytes, 1, 4).getInt();
  }

  /** Decodes the record; a struct becomes a Map. */
  public Object read(byte[] bytes) {
    if (!isWireFormat(bytes)) {
      throw new DecodeException("the value is not Confluent wire-format Avro (no magic byte 0)");
    }
    int id = schemaId(bytes);
    GenericDatumReader<Object> reader = reader(id);
    AvroBounds.check(reader.getSchema(), bytes, 5);
    try {
      BinaryDecoder in = DecoderFactory.get().binaryDecoder(bytes, 5, bytes.length - 5, null);
      Object datum = reader.read(null, in);
      return toJava(datum, reader.getSchema(), "value");
    } catch (IOException | RuntimeException e) {
      if (e instanceof DecodeException d) {
        throw d;
      }
      throw new DecodeException("cannot read Avro with schema id " + id + ": " + e.getMessage(), e);
    }
  }

  static Object toJava(Object v, Schema schema) {
    return toJava(v, schema, "value");
  }

  /** The Java value of an Avro datum; {@code path} names the field in messages. */
  private static Object toJava(Object v, Schema schema, String path) {
    if (v == null) {
      return null;
    }
    if (schema.getType() == Schema.Type.UNION) {
      return fromUnion(v, schema, path);
    }
    Object plain = plain(v, schema, path);
    try {
      return logical(plain, schema);
    } catch (DecodeException e) {
      throw new ValueException("field '" + path + "': " + e.getMessage(), e);
    }
  }

  /** A union's value as the branch it matches, or its text when it matches none. */
  private static Object fromUnion(Object v, Schema union, String path) {
    for (Schema s : union.getTypes()) {
      if (s.getType() != Schema.Type.NULL && matches(v, s)) {
        return toJava(v, s, path);
      }
    }
    return v.toString();
  }

  /** The value before its logical type: records and maps as Maps, arrays as Lists, bytes copied. */
  private static Object plain(Object v, Schema schema, String path) {
    return switch (schema.getType()) {
      case RECORD -> record((GenericRecord) v, schema, path);
      case ARRAY -> {
        List<Object> out = new ArrayList<>();
        for (Object e : (Iterable<?>) v) {
          out.add(toJava(e, schema.getElementType(), path + "[]"));
        }
        yield out;
      }
      case MAP -> {
        Map<String, Object> out = new LinkedHashMap<>();
        ((Map<?, ?>) v)
            .forEach((k, x) -> out.put(k.toString(), toJava(x, schema.getValueType(), path)));
        yield out;
      }
      case STRING, ENUM -> v.toString();
      case BYTES -> bytes((ByteBuffer) v);
      case FIXED -> ((GenericFixed) v).bytes().clone();
      default -> v;
    };
  }

  /** A record's fields by name, in the schema's order. */
  private static Map<String, Object> record(GenericRecord r, Schema schema, String path) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Schema.Field f : schema.getFields()) {
      out.put(f.name(), toJava(r.get(f.pos()), f.schema(), path + "." + f.name()));
    }
    return out;
  }

  /** The buffer's remaining bytes, copied; the buffer's position is left as it is. */
  private static byte[] bytes(ByteBuffer v) {
    ByteBuffer bb = v.duplicate();
    byte[] b = new byte[bb.remaining()];
    bb.get(b);
    return b;
  }

  private static boolean matches(Object v, Schema s) {
    return switch (s.getType()) {
      case RECORD ->
          v instanceof GenericRecord r && r.getSchema().getFullName().equals(s.getFullName());
      case STRING, ENUM ->
          v instanceof CharSequence || v instanceof org.apache.avro.generic.GenericEnumSymbol<?>;
      case BYTES -> v instanceof ByteBuffer;
      case INT -> v instanceof Integer;
      case LONG -> v instanceof Long;
      case FLOAT -> v instanceof Float;
      case DOUBLE -> v instanceof Double;
      case BOOLEAN -> v instanceof Boolean;
      case ARRAY -> v instanceof java.util.Collection<?>;
      case MAP -> v instanceof Map<?, ?>;
      case FIXED -> v instanceof GenericFixed;
      default -> false;
    };
  }

  private static Object logical(Object v, Schema schema) {
    LogicalType lt = schema.getLogicalType();
    if (lt instanceof Decimal d && v instanceof byte[] b) {
      return new BigDecimal(new BigInteger(b), d.getScale());
    }
    if (lt != null) {
      long n = v instanceof Number x ? x.longValue() : 0; // int or long, as the schema says
      switch (lt.getName()) {
        case "date":
          return java.time.LocalDate.ofEpochDay(n); // an int: always within LocalDate
        case "time-millis":
          return TimeOfDay.of(n, 1_000_000L, "time-millis");
        case "time-micros":
          return TimeOfDay.of(n, 1_000L, "time-micros");
        case "timestamp-millis":
          return Instant.ofEpochMilli(n);
        case "timestamp-micros":
          return Instant.ofEpochSecond(
              Math.floorDiv(n, 1_000_000L), Math.floorMod(n, 1_000_000L) * 1000);
        case "uuid":
          return v.toString();
        default:
          break;
      }
    }
    // Confluent's Avro converter keeps the Connect schema name and parameters.
    Object name = schema.getObjectProp("connect.name");
    if (name != null) {
      Map<String, String> params = new HashMap<>();
      Object p = schema.getObjectProp("connect.parameters");
      if (p instanceof Map<?, ?> m) {
        m.forEach((k, x) -> params.put(String.valueOf(k), String.valueOf(x)));
      }
      return LogicalTypes.normalize(name.toString(), params, v);
    }
    return v;
  }
}
