package io.vaultstream.connect;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.header.ConnectHeaders;
import org.apache.kafka.connect.header.Header;
import org.apache.kafka.connect.sink.SinkRecord;

/**
 * A record as a buffered batch keeps it once its raw value is decoded: without its value, and with
 * its headers in three arrays (names kept once per task, schemas, values) instead of Connect's list
 * of header objects, each with its own name, schema-and-value pair and list node (a Debezium record
 * has three or four headers: most of what a kept record would otherwise hold), shared with the
 * record before when they are the same ({@link Headers}). {@link #headers()} is empty; {@link
 * #headersAsReceived()} gives them back, for the dead letter queue.
 */
final class KeptRecord extends SinkRecord {
  private static final String[] NO_NAMES = {};
  private static final Schema[] NO_SCHEMAS = {};
  private static final Object[] NO_VALUES = {};

  // Set once, by the constructor.
  private String[] headerNames;
  private Schema[] headerSchemas;
  private Object[] headerValues;

  /**
   * The headers one task has kept: each name once (a bounded number of them), and the last record's
   * headers, which the next record mostly repeats (a Debezium connector gives every record of a
   * topic the same headers). A record whose headers equal the last ones shares their arrays, so the
   * records of a buffered batch do not each hold copies of the same bytes.
   */
  static final class Headers {
    private static final int MAX = 1024;
    private final Map<String, String> names = new HashMap<>();

    private String[] lastNames = NO_NAMES;
    private Schema[] lastSchemas = NO_SCHEMAS;
    private Object[] lastValues = NO_VALUES;

    /** Keeps the headers of {@code r} in {@code into}. */
    void keep(SinkRecord r, KeptRecord into) {
      int n = r.headers().size();
      if (n == 0) {
        into.headerNames = NO_NAMES;
        into.headerSchemas = NO_SCHEMAS;
        into.headerValues = NO_VALUES;
        return;
      }
      String[] keptNames = new String[n];
      Schema[] schemas = new Schema[n];
      Object[] values = new Object[n];
      boolean same = n == lastNames.length;
      int i = 0;
      for (Header h : r.headers()) {
        keptNames[i] = name(i, h.key());
        schemas[i] = h.schema();
        values[i] = value(i, h.value());
        same &=
            i < lastNames.length
                && keptNames[i] == lastNames[i]
                && schemas[i] == lastSchemas[i]
                && values[i] == lastValues[i];
        i++;
      }
      if (same) {
        // Shared, never changed: a kept record's arrays are only read.
        into.headerNames = lastNames;
        into.headerSchemas = lastSchemas;
        into.headerValues = lastValues;
        return;
      }
      lastNames = keptNames;
      lastSchemas = schemas;
      lastValues = values;
      into.headerNames = keptNames;
      into.headerSchemas = schemas;
      into.headerValues = values;
    }

    /** The kept name for the header at {@code position}: the last record's there, mostly. */
    private String name(int position, String name) {
      if (position < lastNames.length && name.equals(lastNames[position])) {
        return lastNames[position]; // compared without hashing a new String
      }
      String kept = names.get(name);
      if (kept != null) {
        return kept;
      }
      if (names.size() < MAX) {
        names.put(name, name);
      }
      return name;
    }

    /**
     * The value at {@code position}, or the last record's there when equal: bytes or text, which
     * nothing changes once received (other values, such as a converter's maps, are kept as given).
     */
    private Object value(int position, Object value) {
      Object last = position < lastValues.length ? lastValues[position] : null;
      if (value instanceof byte[] b && last instanceof byte[] l && Arrays.equals(b, l)) {
        return last;
      }
      if (value instanceof String t && t.equals(last)) {
        return last;
      }
      return value;
    }
  }

  /** What the task keeps of {@code r}, with the partition it was read from. */
  static KeptRecord of(SinkRecord r, Headers headers) {
    return ReadCoordinates.ORIGINAL ? new KeptRecord(r, headers, true) : new KeptRecord(r, headers);
  }

  /** On workers before Kafka 3.6, whose records do not tell the partition read. */
  private KeptRecord(SinkRecord r, Headers headers) {
    super(
        r.topic(),
        r.kafkaPartition(),
        r.keySchema(),
        r.key(),
        null,
        null,
        r.kafkaOffset(),
        r.timestamp(),
        r.timestampType(),
        null);
    headers.keep(r, this);
  }

  /** Keeping the topic, partition and offset read, as a transform may have renamed the topic. */
  @SuppressWarnings("unused")
  private KeptRecord(SinkRecord r, Headers headers, boolean original) {
    super(
        r.topic(),
        r.kafkaPartition(),
        r.keySchema(),
        r.key(),
        null,
        null,
        r.kafkaOffset(),
        r.timestamp(),
        r.timestampType(),
        null,
        r.originalTopic(),
        r.originalKafkaPartition(),
        r.originalKafkaOffset());
    headers.keep(r, this);
  }

  /** A header as it was received. */
  private record Received(String key, Schema schema, Object value) implements Header {
    @Override
    public Header with(Schema schema, Object value) {
      return new Received(key, schema, value);
    }

    @Override
    public Header rename(String key) {
      return new Received(key, schema, value);
    }
  }

  /** The record's headers as they were received, in their order. */
  ConnectHeaders headersAsReceived() {
    ConnectHeaders headers = new ConnectHeaders();
    for (int i = 0; i < headerNames.length; i++) {
      // As received: not checked again against its schema (the converter made the pair).
      headers.add(new Received(headerNames[i], headerSchemas[i], headerValues[i]));
    }
    return headers;
  }
}
