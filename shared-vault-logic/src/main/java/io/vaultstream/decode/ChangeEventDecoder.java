package io.vaultstream.decode;

import io.vaultstream.model.SourceTable;
import io.vaultstream.model.VaultModel;
import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Turns one Kafka record (JSON bytes, or a map of values from any converter) into a {@link
 * ChangeEvent}: detects Debezium envelopes, flattened records and operation-column records.
 */
public final class ChangeEventDecoder implements Serializable {
  private static final long serialVersionUID = 1L;
  private final VaultModel model;
  private final DecoderOptions options;
  private final ConfluentAvro avro;

  public ChangeEventDecoder(VaultModel model, DecoderOptions options) {
    this.model = model;
    this.options = options;
    this.avro =
        options.schemaRegistryUrl() == null
            ? null
            : new ConfluentAvro(new SchemaRegistryClient(options.schemaRegistryUrl()));
  }

  /**
   * Decodes JSON bytes (JsonConverter output, with or without schemas) or Confluent wire-format
   * Avro (with a schema registry configured).
   *
   * @return empty for records that carry no change (tombstones, truncates)
   * @throws DecodeException naming what is wrong when the record cannot be used
   */
  public Optional<ChangeEvent> decode(
      String topic, int partition, long offset, long kafkaTimestampMs, byte[] key, byte[] value) {
    if (value == null || value.length == 0) {
      return Optional.empty();
    }
    Object v;
    if (ConfluentAvro.isWireFormat(value)) {
      if (avro == null) {
        throw new DecodeException(
            "the value is Confluent wire-format Avro (schema id "
                + ConfluentAvro.schemaId(value)
                + "); configure the schema registry URL to read it");
      }
      v = avro.read(value);
    } else {
      v = JsonValueReader.read(value);
    }
    if (v == null) {
      return Optional.empty();
    }
    if (!(v instanceof Map<?, ?>)) {
      throw new DecodeException(
          "the value of " + topic + "/" + partition + "@" + offset + " is not a JSON object");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> map = (Map<String, Object>) v;
    return decodeMap(topic, partition, offset, kafkaTimestampMs, map, key, value);
  }

  /**
   * Decodes a value already turned into a map of normalised Java values (by a converter adapter).
   */
  public Optional<ChangeEvent> decodeMap(
      String topic,
      int partition,
      long offset,
      long kafkaTimestampMs,
      Map<String, Object> value,
      byte[] rawKey,
      byte[] rawValue) {
    if (value == null) {
      return Optional.empty();
    }
    SourceTable source =
        model
            .sourceForTopic(topic)
            .orElseThrow(
                () ->
                    new DecodeException(
                        "topic '"
                            + topic
                            + "' is not a source of the model; the sources' topics are: "
                            + model.sources().values().stream()
                                .map(SourceTable::topic)
                                .collect(Collectors.joining(", "))));
    long kafkaMicros = kafkaTimestampMs * 1000L;
    Frame f;
    if (value.containsKey("op") && (value.containsKey("after") || value.containsKey("before"))) {
      f = debezium(value, kafkaMicros);
    } else if (value.containsKey("__op") || value.containsKey("__deleted")) {
      f = flattened(value, kafkaMicros);
    } else if (options.operationColumn() != null && value.containsKey(options.operationColumn())) {
      f = operationColumn(value, kafkaMicros);
    } else {
      f = new Frame(Operation.UPDATE, value, kafkaMicros, null);
    }
    if (f == null) {
      return Optional.empty();
    }
    if (f.row == null) {
      throw new DecodeException(
          "the "
              + f.op.name().toLowerCase(Locale.ROOT)
              + " event has no row image ('"
              + (f.op == Operation.DELETE ? "before" : "after")
              + "' is null)");
    }
    for (String pk : source.primaryKey()) {
      if (f.row.get(pk) == null) {
        throw new DecodeException(
            "the row of source '"
                + source.name()
                + "' has no value for primary key column '"
                + pk
                + "'; its columns: "
                + String.join(", ", f.row.keySet()));
      }
    }
    return Optional.of(
        new ChangeEvent(
            source.name(),
            f.op,
            DeclaredTypes.apply(source, f.row),
            f.micros,
            new SourcePosition(topic, partition, offset, f.lsn),
            rawKey,
            rawValue));
  }

  private record Frame(Operation op, Map<String, Object> row, long micros, Long lsn) {}

  @SuppressWarnings("unchecked")
  private static Frame debezium(Map<String, Object> v, long kafkaMicros) {
    String op = String.valueOf(v.get("op"));
    Operation operation =
        switch (op) {
          case "c" -> Operation.INSERT;
          case "u" -> Operation.UPDATE;
          case "d" -> Operation.DELETE;
          case "r" -> Operation.READ;
          case "t", "m" -> null;
          default ->
              throw new DecodeException(
                  "unknown Debezium operation '" + op + "'; valid: c, u, d, r, t");
        };
    if (operation == null) {
      return null;
    }
    Object image = operation == Operation.DELETE ? v.get("before") : v.get("after");
    Map<String, Object> source =
        v.get("source") instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    long micros =
        firstTime(
            kafkaMicros, source.get("ts_us"), source.get("ts_ms"), v.get("ts_us"), v.get("ts_ms"));
    Long lsn = source.get("lsn") instanceof Number n ? n.longValue() : null;
    return new Frame(
        operation, image instanceof Map<?, ?> m ? (Map<String, Object>) m : null, micros, lsn);
  }

  private static Frame flattened(Map<String, Object> v, long kafkaMicros) {
    Map<String, Object> row = new LinkedHashMap<>();
    v.forEach(
        (k, val) -> {
          if (!k.startsWith("__")) {
            row.put(k, val);
          }
        });
    Operation op = Operation.UPDATE;
    Object o = v.get("__op");
    if (o != null) {
      op =
          switch (o.toString()) {
            case "c" -> Operation.INSERT;
            case "u" -> Operation.UPDATE;
            case "d" -> Operation.DELETE;
            case "r" -> Operation.READ;
            default -> throw new DecodeException("unknown __op '" + o + "'; valid: c, u, d, r");
          };
    }
    if ("true".equalsIgnoreCase(String.valueOf(v.get("__deleted")))) {
      op = Operation.DELETE;
    }
    long micros =
        firstTime(
            kafkaMicros,
            v.get("__source_ts_us"),
            v.get("__source_ts_ms"),
            v.get("__ts_us"),
            v.get("__ts_ms"));
    Long lsn =
        v.get("__source_lsn") instanceof Number n
            ? n.longValue()
            : (v.get("__lsn") instanceof Number n2 ? n2.longValue() : null);
    return new Frame(op, row, micros, lsn);
  }

  private Frame operationColumn(Map<String, Object> v, long kafkaMicros) {
    Object o = v.get(options.operationColumn());
    Operation op =
        switch (String.valueOf(o).trim().toUpperCase(Locale.ROOT)) {
          case "I", "INSERT", "C" -> Operation.INSERT;
          case "U", "UPDATE", "UN", "UO" -> Operation.UPDATE;
          case "D", "DELETE" -> Operation.DELETE;
          case "R", "READ" -> Operation.READ;
          default ->
              throw new DecodeException(
                  "unknown value '"
                      + o
                      + "' in operation column '"
                      + options.operationColumn()
                      + "'; valid: I, U, D");
        };
    Map<String, Object> row = new LinkedHashMap<>(v);
    row.remove(options.operationColumn());
    long micros = kafkaMicros;
    if (options.timestampColumn() != null && v.get(options.timestampColumn()) != null) {
      micros = toMicros(v.get(options.timestampColumn()), options.timestampColumn());
      row.remove(options.timestampColumn());
    }
    return new Frame(op, row, micros, null);
  }

  private static long firstTime(long fallbackMicros, Object us, Object ms, Object us2, Object ms2) {
    if (us instanceof Number n) {
      return n.longValue();
    }
    if (ms instanceof Number n) {
      return n.longValue() * 1000L;
    }
    if (us2 instanceof Number n) {
      return n.longValue();
    }
    if (ms2 instanceof Number n) {
      return n.longValue() * 1000L;
    }
    return fallbackMicros;
  }

  private static long toMicros(Object v, String column) {
    if (v instanceof Instant i) {
      return i.getEpochSecond() * 1_000_000L + i.getNano() / 1000;
    }
    if (v instanceof LocalDateTime l) {
      return toMicros(l.toInstant(ZoneOffset.UTC), column);
    }
    if (v instanceof Number n) {
      return n.longValue() * 1000L;
    }
    String s = v.toString().trim();
    try {
      return toMicros(OffsetDateTime.parse(s).toInstant(), column);
    } catch (DateTimeParseException e) {
      try {
        return toMicros(LocalDateTime.parse(s.replace(' ', 'T')), column);
      } catch (DateTimeParseException e2) {
        throw new DecodeException(
            "timestamp column '"
                + column
                + "' holds '"
                + s
                + "', which is not an ISO-8601 timestamp or epoch milliseconds");
      }
    }
  }
}
