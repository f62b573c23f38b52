package io.vaultstream.decode;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Operation;
import io.vaultstream.event.RawBytes;
import io.vaultstream.event.SourcePosition;
import io.vaultstream.model.SourceTable;
import io.vaultstream.model.VaultModel;
import java.io.Serializable;
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
  private final RowChecks checks;

  public ChangeEventDecoder(VaultModel model, DecoderOptions options) {
    this(model, options, Integer.MAX_VALUE);
  }

  /**
   * A decoder for a target whose key columns hold at most {@code maxKeyChars} characters of key
   * text (the dialect's {@code maxKeyChars}): a longer key is a bad record, not a failed batch.
   */
  public ChangeEventDecoder(VaultModel model, DecoderOptions options, int maxKeyChars) {
    this.model = model;
    this.options = options;
    this.checks = new RowChecks(model, maxKeyChars);
    this.avro =
        options.schemaRegistryUrl() == null
            ? null
            : new ConfluentAvro(
                new SchemaRegistryClient(
                    options.schemaRegistryUrl(), options.schemaRegistryAuth()));
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
    try {
      return decodeBytes(topic, partition, offset, kafkaTimestampMs, key, value);
    } catch (StackOverflowError e) {
      throw tooDeep(topic, partition, offset);
    }
  }

  /**
   * Nesting is bounded where values are read, so this is the last guard: a record whose values nest
   * deeper than the thread's stack is that record's fault, never the loader's error.
   */
  private static DecodeException tooDeep(String topic, int partition, long offset) {
    return new DecodeException(
        new SourcePosition(topic, partition, offset, null)
            + ": the record nests its values too deeply to be read");
  }

  private Optional<ChangeEvent> decodeBytes(
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
      try {
        v = avro.read(value);
      } catch (ValueException e) {
        throw e.at(new SourcePosition(topic, partition, offset, null));
      }
    } else {
      try {
        v = JsonValueReader.read(value);
      } catch (ValueException e) {
        throw e.at(new SourcePosition(topic, partition, offset, null));
      }
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
    return decodeRow(
        topic, partition, offset, kafkaTimestampMs, map, RawBytes.of(key), RawBytes.of(value));
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
      RawBytes rawKey,
      RawBytes rawValue) {
    try {
      return decodeRow(topic, partition, offset, kafkaTimestampMs, value, rawKey, rawValue);
    } catch (StackOverflowError e) {
      throw tooDeep(topic, partition, offset);
    }
  }

  private Optional<ChangeEvent> decodeRow(
      String topic,
      int partition,
      long offset,
      long kafkaTimestampMs,
      Map<String, Object> value,
      RawBytes rawKey,
      RawBytes rawValue) {
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
    SourcePosition at = new SourcePosition(topic, partition, offset, null);
    Frame f;
    if (value.containsKey("op") && (value.containsKey("after") || value.containsKey("before"))) {
      f = debezium(value, at);
    } else if (value.containsKey("__op") || value.containsKey("__deleted")) {
      f = flattened(value, at);
    } else if (options.operationColumn() != null && value.containsKey(options.operationColumn())) {
      f = operationColumn(value, at);
    } else {
      f = new Frame(Operation.UPDATE, value, null, null);
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
    // A record without a time of its own takes the Kafka timestamp (also checked: producers set
    // it).
    long micros = f.micros != null ? f.micros : EventTime.ofKafka(kafkaTimestampMs, at);
    RowChecks.values(f.row, at);
    Map<String, Object> row = DeclaredTypes.apply(source, f.row, at, f.op == Operation.DELETE);
    for (String pk : source.primaryKey()) {
      if (row.get(pk) == null) {
        throw new DecodeException(
            "the row of source '"
                + source.name()
                + "' has no value for primary key column '"
                + pk
                + "'; its columns: "
                + String.join(", ", row.keySet()));
      }
    }
    checks.names(source, row, at);
    checks.keys(source, row, at);
    return Optional.of(
        new ChangeEvent(
            source.name(),
            f.op,
            row,
            micros,
            new SourcePosition(topic, partition, offset, f.lsn),
            rawKey,
            rawValue));
  }

  /** A record's operation, row image, event time (null: none of its own) and log position. */
  private record Frame(Operation op, Map<String, Object> row, Long micros, Long lsn) {}

  @SuppressWarnings("unchecked")
  private static Frame debezium(Map<String, Object> v, SourcePosition at) {
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
    Long micros =
        EventTime.first(
            at,
            "source.ts_us",
            source.get("ts_us"),
            "source.ts_ms",
            source.get("ts_ms"),
            "ts_us",
            v.get("ts_us"),
            "ts_ms",
            v.get("ts_ms"));
    Long lsn = lsn(source.get("lsn"), "source.lsn", at);
    return new Frame(
        operation, image instanceof Map<?, ?> m ? (Map<String, Object>) m : null, micros, lsn);
  }

  private static Frame flattened(Map<String, Object> v, SourcePosition at) {
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
    Long micros =
        EventTime.first(
            at,
            "__source_ts_us",
            v.get("__source_ts_us"),
            "__source_ts_ms",
            v.get("__source_ts_ms"),
            "__ts_us",
            v.get("__ts_us"),
            "__ts_ms",
            v.get("__ts_ms"));
    Long lsn =
        v.get("__source_lsn") instanceof Number
            ? lsn(v.get("__source_lsn"), "__source_lsn", at)
            : lsn(v.get("__lsn"), "__lsn", at);
    return new Frame(op, row, micros, lsn);
  }

  private Frame operationColumn(Map<String, Object> v, SourcePosition at) {
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
    Long micros = null;
    if (options.timestampColumn() != null && v.get(options.timestampColumn()) != null) {
      micros = EventTime.ofColumn(v.get(options.timestampColumn()), options.timestampColumn(), at);
      row.remove(options.timestampColumn());
    }
    return new Frame(op, row, micros, null);
  }

  /**
   * A log position, exactly: {@code longValue()} of {@code 1e999999999} would compute its billion
   * digits, and a cut-off position would order the changes of a transaction wrongly.
   */
  private static Long lsn(Object v, String field, SourcePosition at) {
    if (!(v instanceof Number)) {
      return null;
    }
    Long n = ExactNumbers.longValue(v);
    if (n == null) {
      throw new DecodeException(
          at
              + ": '"
              + field
              + "' holds "
              + ValueText.kind(v)
              + ", which is not a log position; valid: a whole number from "
              + Long.MIN_VALUE
              + " to "
              + Long.MAX_VALUE);
    }
    return n;
  }
}
