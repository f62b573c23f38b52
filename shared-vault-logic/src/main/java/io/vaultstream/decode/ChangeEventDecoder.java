package io.vaultstream.decode;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Operation;
import io.vaultstream.event.RawBytes;
import io.vaultstream.event.SourcePosition;
import io.vaultstream.model.SourceTable;
import io.vaultstream.model.VaultModel;
import java.io.Serializable;
import java.util.HashMap;
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
  // Each topic's source table (the first whose topic it is), looked up once per record.
  private final Map<String, SourceTable> sourceByTopic = new HashMap<>();
  // The schemas kept per topic; made again after deserialisation (a Spark executor's copy).
  private transient volatile EnvelopeReader envelopes;

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
    model.sources().values().forEach(t -> sourceByTopic.putIfAbsent(t.topic(), t));
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
    RawBytes raw = null;
    if (ConfluentAvro.isWireFormat(value)) {
      v = readAvro(topic, partition, offset, value);
    } else {
      try {
        EnvelopeReader.Read read = envelopes().readKeeping(topic, value);
        v = read.value();
        raw = read.raw();
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
        topic,
        partition,
        offset,
        kafkaTimestampMs,
        map,
        RawBytes.of(key),
        raw != null ? raw : RawBytes.of(value));
  }

  /** The value of a Confluent wire-format Avro record, read with the schema registry's schema. */
  private Object readAvro(String topic, int partition, long offset, byte[] value) {
    if (avro == null) {
      throw new DecodeException(
          "the value is Confluent wire-format Avro (schema id "
              + ConfluentAvro.schemaId(value)
              + "); configure the schema registry URL to read it");
    }
    try {
      return avro.read(value);
    } catch (ValueException e) {
      throw e.at(new SourcePosition(topic, partition, offset, null));
    }
  }

  private EnvelopeReader envelopes() {
    EnvelopeReader e = envelopes;
    if (e == null) {
      e = new EnvelopeReader();
      envelopes = e;
    }
    return e;
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
    SourceTable source = sourceOf(topic);
    SourcePosition at = new SourcePosition(topic, partition, offset, null);
    Frame f = Frame.of(value, options, at);
    if (f == null) {
      return Optional.empty();
    }
    requireRowImage(f);
    // A record without a time of its own takes the Kafka timestamp (also checked: producers set
    // it).
    long micros = f.micros() != null ? f.micros() : EventTime.ofKafka(kafkaTimestampMs, at);
    ValueChecks.values(f.row(), at);
    Map<String, Object> row = DeclaredTypes.apply(source, f.row(), at, f.op() == Operation.DELETE);
    requirePrimaryKey(source, row);
    checks.names(source, row, at);
    checks.keys(source, row, at);
    return Optional.of(
        new ChangeEvent(
            source.name(),
            f.op(),
            row,
            micros,
            new SourcePosition(topic, partition, offset, f.lsn(), f.transaction()),
            rawKey,
            rawValue));
  }

  private SourceTable sourceOf(String topic) {
    SourceTable source = sourceByTopic.get(topic);
    if (source == null) {
      throw new DecodeException(
          "topic '"
              + topic
              + "' is not a source of the model; the sources' topics are: "
              + model.sources().values().stream()
                  .map(SourceTable::topic)
                  .collect(Collectors.joining(", ")));
    }
    return source;
  }

  private static void requireRowImage(Frame f) {
    if (f.row() == null) {
      throw new DecodeException(
          "the "
              + f.op().name().toLowerCase(Locale.ROOT)
              + " event has no row image ('"
              + (f.op() == Operation.DELETE ? "before" : "after")
              + "' is null)");
    }
  }

  private static void requirePrimaryKey(SourceTable source, Map<String, Object> row) {
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
  }
}
