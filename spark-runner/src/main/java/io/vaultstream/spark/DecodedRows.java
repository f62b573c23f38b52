package io.vaultstream.spark;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecodeException;
import io.vaultstream.decode.SchemaRegistryException;
import io.vaultstream.engine.Retries;
import io.vaultstream.engine.TopicIncarnations;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The events, bad records and next positions of Kafka records (a partition's, a batch's), each
 * record given as a row of key, value, topic, partition, offset and timestamp.
 */
final class DecodedRows {
  private final ChangeEventDecoder decoder;
  private final VaultOptions options;
  private final List<ChangeEvent> events = new ArrayList<>();
  final List<BadRecord> bad = new ArrayList<>();
  // With deferred decoding, the records as read, until merged() decodes them.
  private final List<MergedRuns.Raw> deferred;
  private MergedRuns merged;
  private final Map<String, Progress.Position> next = new HashMap<>();
  int count;
  // The run of records of one Kafka partition being read (a Spark partition reads one Kafka
  // partition, or several one after the other): its last record is kept here and goes into next
  // when another partition's record comes, so no position is made per record.
  private String runTopic;
  private int runPartition;
  private long runOffset = -1;
  private Long runTimestamp;
  // The last topic name read from an internal row, and its bytes: rows of one partition name the
  // same topic, whose text is made once.
  private UTF8String lastTopicBytes;
  private String lastTopic;

  DecodedRows(ChangeEventDecoder decoder, VaultOptions options) {
    this(decoder, options, false);
  }

  private DecodedRows(ChangeEventDecoder decoder, VaultOptions options, boolean defer) {
    this.decoder = decoder;
    this.options = options;
    this.deferred = defer ? new ArrayList<>() : null;
  }

  /**
   * Rows whose records are kept as read and decoded only when their events are asked for, in source
   * order ({@link #merged()}): for a micro-batch loaded in several transactions, the first of which
   * can start before the last record is decoded.
   */
  static DecodedRows deferred(ChangeEventDecoder decoder, VaultOptions options) {
    return new DecodedRows(decoder, options, true);
  }

  /** Whether the records are decoded only when asked for ({@link #deferred}). */
  boolean deferring() {
    return deferred != null;
  }

  /** The events of the rows added: in the order read, or, deferred, in source order. */
  List<ChangeEvent> events() {
    return deferred == null ? events : java.util.Collections.unmodifiableList(merged().all());
  }

  /**
   * The events of deferred rows in source order, each record decoded when its event is asked for;
   * the bad records among them go to {@link #bad} as they are decoded.
   */
  MergedRuns merged() {
    if (deferred == null) {
      throw new IllegalStateException("the rows were decoded as they were added");
    }
    if (merged == null) {
      merged =
          new MergedRuns(
              deferred,
              r ->
                  decodeOrSetAside(
                      r.topic(), r.partition(), r.offset(), r.timestamp(), r.key(), r.value()));
    }
    return merged;
  }

  /** Adds a row as Spark gives it to a {@code Dataset<Row>}'s reader (the lakehouse writer's). */
  void add(Row r) {
    add(
        r.getString(2),
        r.getInt(3),
        r.getLong(4),
        r.isNullAt(5) ? null : r.getTimestamp(5).getTime(),
        r.isNullAt(0) ? null : (byte[]) r.get(0),
        r.isNullAt(1) ? null : (byte[]) r.get(1));
  }

  /**
   * Adds a row in Spark's internal form (the Kafka source's rows without their conversion to {@link
   * Row}): the key and value copied once out of the row, the timestamp in microseconds. Nothing of
   * the row is kept, so a reader may reuse it for the next record.
   */
  void add(InternalRow r) {
    add(
        topic(r.getUTF8String(2)),
        r.getInt(3),
        r.getLong(4),
        r.isNullAt(5) ? null : Math.floorDiv(r.getLong(5), 1000L),
        r.isNullAt(0) ? null : r.getBinary(0),
        r.isNullAt(1) ? null : r.getBinary(1));
  }

  /**
   * The next position of each Kafka partition read: after its last record, which is the anchor of
   * the position stored.
   */
  Collection<Progress.Position> positions() {
    endRun();
    return next.values();
  }

  /** The topic named by an internal row's bytes (which the reader may reuse for the next row). */
  private String topic(UTF8String bytes) {
    if (!bytes.equals(lastTopicBytes)) {
      lastTopicBytes = bytes.clone();
      lastTopic = bytes.toString();
    }
    return lastTopic;
  }

  private void endRun() {
    if (runTopic != null) {
      next.merge(
          runTopic + "/" + runPartition,
          TopicIncarnations.anchored(runTopic, runPartition, runOffset, runTimestamp),
          (a, b) -> a.nextOffset() >= b.nextOffset() ? a : b);
      runTopic = null;
    }
  }

  private void add(
      String topic, int partition, long offset, Long timestamp, byte[] key, byte[] value) {
    count++;
    long ts = timestamp == null ? 0 : timestamp;
    if (runTopic == null || partition != runPartition || !topic.equals(runTopic)) {
      endRun();
      runTopic = topic;
      runPartition = partition;
      runOffset = offset;
      runTimestamp = timestamp;
    } else if (offset > runOffset) {
      runOffset = offset;
      runTimestamp = timestamp;
    }
    if (deferred != null) {
      if (merged != null) {
        throw new IllegalStateException("a record added after the rows were merged");
      }
      deferred.add(new MergedRuns.Raw(topic, partition, offset, ts, key, value));
    } else {
      decodeOrSetAside(topic, partition, offset, ts, key, value).ifPresent(events::add);
    }
  }

  /** The record's event, if it has one; a record that cannot be decoded goes to {@link #bad}. */
  private Optional<ChangeEvent> decodeOrSetAside(
      String topic, int partition, long offset, long ts, byte[] key, byte[] value) {
    try {
      return decode(topic, partition, offset, ts, key, value);
    } catch (SchemaRegistryException e) {
      // The registry's failure, not the record's: the batch fails (after the retries, for an
      // outage) and runs again, instead of storing good records as bad ones.
      throw e;
    } catch (RuntimeException | StackOverflowError e) {
      // Whatever decoding one record throws is about that record: a bad record, never a failed
      // batch that would be re-run, and fail, for ever (a value nested deeper than the stack
      // included).
      bad.add(
          new BadRecord(
              topic,
              partition,
              offset,
              key,
              value,
              e instanceof DecodeException ? e.getMessage() : "cannot decode the record: " + e));
      return Optional.empty();
    }
  }

  /** Decodes one record, waiting out a schema registry outage within the retries. */
  private Optional<ChangeEvent> decode(
      String topic, int partition, long offset, long ts, byte[] key, byte[] value) {
    return Retries.call(
        () -> "Decoding " + topic + "/" + partition + "@" + offset,
        options.maxRetries(),
        options.retryBackoffMs(),
        () -> decoder.decode(topic, partition, offset, ts, key, value));
  }
}
