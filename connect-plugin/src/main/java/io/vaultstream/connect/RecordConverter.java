package io.vaultstream.connect;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecodeException;
import io.vaultstream.decode.LogicalTypes;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.RawBytes;
import io.vaultstream.hash.CanonicalText;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.sink.SinkRecord;

/**
 * Turns a SinkRecord into the engine's change event, whatever converter the worker uses: Struct
 * (JsonConverter with schemas, Avro), Map (JsonConverter without schemas) or raw bytes
 * (ByteArrayConverter, decoded by the engine's own JSON reader, which keeps decimal scales).
 */
final class RecordConverter {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final ChangeEventDecoder decoder;

  RecordConverter(ChangeEventDecoder decoder) {
    this.decoder = decoder;
  }

  /**
   * The record's change event, empty for a tombstone.
   *
   * @throws DecodeException naming the record and the field, for any value that cannot be converted
   *     (so the task makes it a bad record instead of failing)
   */
  Optional<ChangeEvent> convert(SinkRecord r) {
    long ts = r.timestamp() == null ? 0 : r.timestamp();
    int partition = r.kafkaPartition() == null ? 0 : r.kafkaPartition();
    Object value = r.value();
    if (value instanceof byte[] bytes) {
      return decoder.decode(r.topic(), partition, r.kafkaOffset(), ts, raw(r.key()), bytes);
    }
    if (value == null) {
      return Optional.empty();
    }
    Object converted;
    try {
      converted = toJava(value, r.valueSchema(), "");
    } catch (RuntimeException e) {
      throw new DecodeException(at(r, partition) + ": " + e.getMessage(), e);
    }
    if (!(converted instanceof Map<?, ?>)) {
      throw new DecodeException(
          "the value of "
              + at(r, partition)
              + " is a "
              + value.getClass().getSimpleName()
              + ", not a record (Struct or Map); use a converter that yields structured values");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> map = (Map<String, Object>) converted;
    // The record is rendered back to JSON only if it becomes a waiting or error row.
    Object key = r.key();
    return decoder.decodeMap(
        r.topic(),
        partition,
        r.kafkaOffset(),
        ts,
        map,
        RawBytes.later(() -> raw(key)),
        RawBytes.later(() -> raw(value)));
  }

  private static String at(SinkRecord r, int partition) {
    return r.topic() + "/" + partition + "@" + r.kafkaOffset();
  }

  /** A Connect value as plain Java values, logical types normalised. */
  static Object toJava(Object value, Schema schema) {
    return toJava(value, schema, "");
  }

  private static Object toJava(Object value, Schema schema, String path) {
    if (value == null) {
      return null;
    }
    if (value instanceof Struct s) {
      Map<String, Object> out = new LinkedHashMap<>();
      for (Field f : s.schema().fields()) {
        out.put(f.name(), toJava(s.get(f), f.schema(), join(path, f.name())));
      }
      return normalize(out, s.schema(), path);
    }
    if (value instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach(
          (k, v) ->
              out.put(
                  String.valueOf(k),
                  toJava(v, schema == null ? null : schema.valueSchema(), join(path, k))));
      return out;
    }
    if (value instanceof List<?> l) {
      List<Object> out = new ArrayList<>();
      l.forEach(v -> out.add(toJava(v, schema == null ? null : schema.valueSchema(), path + "[]")));
      return out;
    }
    return normalize(value, schema, path);
  }

  private static String join(String path, Object name) {
    return path.isEmpty() ? String.valueOf(name) : path + "." + name;
  }

  private static Object normalize(Object value, Schema schema, String path) {
    if (schema == null || schema.name() == null) {
      return value;
    }
    try {
      return LogicalTypes.normalize(schema.name(), schema.parameters(), value);
    } catch (RuntimeException e) {
      // A Debezium MicroTime beyond the day threw a DateTimeException that killed the task.
      throw new DecodeException(
          "field '" + path + "' (" + schema.name() + "): " + e.getMessage(), e);
    }
  }

  /** The record as text for the error table. */
  static byte[] raw(Object value) {
    if (value == null) {
      return null;
    }
    if (value instanceof byte[] b) {
      return b;
    }
    try {
      Object plain = value instanceof Struct s ? toJava(s, s.schema()) : value;
      return JSON.writeValueAsBytes(jsonSafe(plain));
    } catch (JsonProcessingException | RuntimeException e) {
      // A value that cannot be normalised (the reason its record is bad) is written as Connect
      // prints it: the error row must not fail for the same reason.
      return String.valueOf(value).getBytes(StandardCharsets.UTF_8);
    }
  }

  private static Object jsonSafe(Object v) {
    if (v instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, x) -> out.put(String.valueOf(k), jsonSafe(x)));
      return out;
    }
    if (v instanceof List<?> l) {
      return l.stream().map(RecordConverter::jsonSafe).toList();
    }
    if (v == null || v instanceof Number || v instanceof Boolean || v instanceof String) {
      return v;
    }
    return CanonicalText.of(v);
  }
}
