package io.vaultstream.connect;

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
 * has three or four headers: most of what a kept record would otherwise hold). {@link #headers()}
 * is empty; {@link #headersAsReceived()} gives them back, for the dead letter queue.
 */
final class KeptRecord extends SinkRecord {
  private static final String[] NO_NAMES = {};
  private static final Schema[] NO_SCHEMAS = {};
  private static final Object[] NO_VALUES = {};

  // Set once, by the constructor.
  private String[] headerNames;
  private Schema[] headerSchemas;
  private Object[] headerValues;

  /** Header names seen by one task, each kept once (a bounded number of them). */
  static final class Names {
    private static final int MAX = 1024;
    private final Map<String, String> names = new HashMap<>();

    /** The names kept for the last record, by position: the next record mostly has the same. */
    private String[] last = new String[0];

    /** The kept name for the header at {@code position} of a record. */
    String of(int position, String name) {
      if (position < last.length && name.equals(last[position])) {
        return last[position]; // compared without hashing a new String
      }
      String kept = ofAny(name);
      if (position >= last.length) {
        last = java.util.Arrays.copyOf(last, position + 1);
      }
      last[position] = kept;
      return kept;
    }

    private String ofAny(String name) {
      String kept = names.get(name);
      if (kept != null) {
        return kept;
      }
      if (names.size() < MAX) {
        names.put(name, name);
      }
      return name;
    }
  }

  /** What the task keeps of {@code r}, with the partition it was read from. */
  static KeptRecord of(SinkRecord r, Names names) {
    return ReadCoordinates.ORIGINAL ? new KeptRecord(r, names, true) : new KeptRecord(r, names);
  }

  /** On workers before Kafka 3.6, whose records do not tell the partition read. */
  private KeptRecord(SinkRecord r, Names names) {
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
    keepHeaders(r, names);
  }

  /** Keeping the topic, partition and offset read, as a transform may have renamed the topic. */
  @SuppressWarnings("unused")
  private KeptRecord(SinkRecord r, Names names, boolean original) {
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
    keepHeaders(r, names);
  }

  private void keepHeaders(SinkRecord r, Names names) {
    int n = r.headers().size();
    if (n == 0) {
      headerNames = NO_NAMES;
      headerSchemas = NO_SCHEMAS;
      headerValues = NO_VALUES;
      return;
    }
    headerNames = new String[n];
    headerSchemas = new Schema[n];
    headerValues = new Object[n];
    int i = 0;
    for (Header h : r.headers()) {
      headerNames[i] = names.of(i, h.key());
      headerSchemas[i] = h.schema();
      headerValues[i] = h.value();
      i++;
    }
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
