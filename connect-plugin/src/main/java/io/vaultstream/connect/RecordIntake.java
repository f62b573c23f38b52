package io.vaultstream.connect;

import io.vaultstream.connect.config.ErrorReporting;
import io.vaultstream.decode.DecodeException;
import io.vaultstream.decode.SchemaRegistryException;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.RawBytes;
import java.util.Map;
import org.apache.kafka.connect.sink.ErrantRecordReporter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTaskContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns the records a task receives into change events as they arrive; a record that cannot be
 * decoded becomes a bad record and is reported to the dead letter queue (when one is configured)
 * here, once.
 */
final class RecordIntake {
  private static final Logger LOG = LoggerFactory.getLogger(RecordIntake.class);
  private final RecordConverter converter;
  private final ErrantRecordReporter reporter;
  // Header names, each kept once: Connect makes a new String of every header's name per record.
  private final KeptRecord.Headers headers = new KeptRecord.Headers();

  /**
   * @param reporter Connect's errant record reporter, or null (a worker older than Kafka 2.6, or
   *     none configured)
   */
  RecordIntake(RecordConverter converter, ErrantRecordReporter reporter) {
    this.converter = converter;
    this.reporter = reporter;
  }

  /**
   * The intake of a task on this engine: bad records go to Connect's errant record reporter only
   * when {@code errors.tolerance} is all, since the reporter throws on the first record otherwise,
   * which would fail the task for a record the error table holds already.
   */
  static RecordIntake open(VaultLoader loader, Map<String, String> props, SinkTaskContext context) {
    return new RecordIntake(
        new RecordConverter(loader.decoder()),
        ErrorReporting.toleratesErrors(props) ? errantRecordReporter(context) : null);
  }

  private static ErrantRecordReporter errantRecordReporter(SinkTaskContext context) {
    try {
      return context.errantRecordReporter();
    } catch (NoSuchMethodError | NoClassDefFoundError e) {
      return null; // a worker older than Kafka 2.6
    }
  }

  /**
   * A record with its change event (none for a tombstone) or why it cannot be decoded. The record
   * of a decoded event read from raw bytes is what {@link #kept} keeps of it.
   */
  record Entry(SinkRecord record, ChangeEvent event, BadRecord bad) {}

  /**
   * What a buffered entry keeps of a record whose raw value was decoded: its coordinates, time and
   * key (as the key converter gave it: small), and its headers compacted ({@link KeptRecord}),
   * without its value. The event keeps the value's bytes (compactly, its schema shared with the
   * topic's other records), so the record's array and Connect's consumer record can be collected as
   * soon as put returns, instead of living as long as the batch (a Debezium record is mostly its
   * schema: most of what a buffered batch would otherwise hold). A record with a converted value (a
   * Struct) is kept whole: its event's bytes are rendered from it, if ever.
   */
  SinkRecord kept(SinkRecord r) {
    if (!(r.value() instanceof byte[])) {
      return r;
    }
    return KeptRecord.of(r, headers);
  }

  /**
   * The record as received, for the dead letter queue: a {@link #kept} record gets its value back
   * from its event's bytes, and its headers as they came. Connect's reporter names a record that is
   * not one of its own by the record's topic and partition, so it gets those it was read from (as
   * Connect's own dead letters and the error table name them), not a transform's.
   */
  static SinkRecord original(SinkRecord kept, ChangeEvent event) {
    if (!(kept instanceof KeptRecord k)) {
      return kept;
    }
    return kept.newRecord(
        ReadCoordinates.topic(kept),
        ReadCoordinates.partition(kept),
        kept.keySchema(),
        kept.key(),
        null,
        event == null || event.rawValue() == null ? null : RawBytes.bytes(event.rawValue()),
        kept.timestamp(),
        k.headersAsReceived());
  }

  /**
   * Decodes a record. Any runtime exception from decoding one record is about that record (its
   * values), never about the task: it becomes a bad record, so no value can fail the task and stop
   * its partitions. A schema registry's failure is not the record's and is thrown.
   */
  Entry decode(SinkRecord r) {
    try {
      // Positioned where the consumer read it, should a transform have renamed its topic.
      ChangeEvent event = ReadCoordinates.readAt(r, converter.convert(r).orElse(null));
      return new Entry(event != null ? kept(r) : r, event, null);
    } catch (SchemaRegistryException e) {
      throw e;
    } catch (RuntimeException | StackOverflowError thrown) {
      // A struct nested deeper than the stack is the record's fault too, never the task's.
      RuntimeException e =
          thrown instanceof RuntimeException x
              ? x
              : new DecodeException("the record nests its values too deeply to be read");
      LOG.debug(
          "Record {}/{}@{} is a bad record", r.topic(), r.kafkaPartition(), r.kafkaOffset(), e);
      report(r, e);
      return new Entry(
          r,
          null,
          new BadRecord(
              ReadCoordinates.topic(r),
              ReadCoordinates.partition(r),
              r.kafkaOffset(),
              RecordConverter.raw(r.key()),
              RecordConverter.raw(r.value()),
              e instanceof DecodeException ? e.getMessage() : "cannot decode the record: " + e,
              r.topic()));
    }
  }

  /**
   * Reports a record of a batch already committed to the dead letter queue, when there is one. The
   * record's rows are in the vault and the error table whatever happens here, so a failure of the
   * report (Connect's reporter refusing a record it cannot serialize) is logged, not thrown.
   */
  void reportCommitted(SinkRecord r, Exception e) {
    try {
      report(r, e);
    } catch (RuntimeException failed) {
      LOG.warn(
          "Record {}/{}@{} is in the error table but could not be sent to the dead letter queue",
          r.topic(),
          r.kafkaPartition(),
          r.kafkaOffset(),
          failed);
    }
  }

  /** Reports a record to the dead letter queue, when there is one. */
  void report(SinkRecord r, Exception e) {
    if (reporter != null) {
      reporter.report(r, e);
    }
  }
}
