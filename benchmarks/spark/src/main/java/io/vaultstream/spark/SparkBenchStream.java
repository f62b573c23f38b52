package io.vaultstream.spark;

import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The Spark benchmark's change events (same generator and seed as the broker-fed run) handed out as
 * the Kafka source hands a micro-batch to the job's foreachBatch function: rows of key, value,
 * topic, partition (one per topic, 0), offset and timestamp. Each instance starts the stream from
 * its beginning, so two targets fed by two instances get the same records; a digest of every record
 * handed out lets a run show that they did.
 */
final class SparkBenchStream {
  /** The columns of the job's Kafka source that its batch writers read. */
  static final StructType KAFKA_ROWS =
      new StructType()
          .add("key", DataTypes.BinaryType, true)
          .add("value", DataTypes.BinaryType, true)
          .add("topic", DataTypes.StringType, false)
          .add("partition", DataTypes.IntegerType, false)
          .add("offset", DataTypes.LongType, false)
          .add("timestamp", DataTypes.TimestampType, true);

  /** The records' broker time: a fixed start, one millisecond per record, the same every run. */
  private static final long START_MS = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();

  private final ShopEventGenerator source = ShopEventGenerator.debezium(SparkBenchEvents.SEED);
  private final MessageDigest digest;
  private final Map<String, Long> next = new TreeMap<>();
  private long handedOut;

  SparkBenchStream() {
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("no SHA-256 in this JVM", e);
    }
  }

  /** The stream's next {@code n} records (tombstones count), as Kafka source rows. */
  List<Row> next(int n) {
    List<ChangeRecord> records = source.next(n);
    List<Row> rows = new ArrayList<>(records.size());
    for (ChangeRecord r : records) {
      long offset = next.merge(r.topic(), 1L, Long::sum) - 1;
      digest.update(r.topic().getBytes(StandardCharsets.UTF_8));
      update(r.key());
      update(r.value());
      rows.add(
          RowFactory.create(
              r.key(), r.value(), r.topic(), 0, offset, new Timestamp(START_MS + handedOut++)));
    }
    return rows;
  }

  private void update(byte[] bytes) {
    digest.update((byte) (bytes == null ? 0 : 1));
    if (bytes != null) {
      digest.update(bytes);
    }
  }

  /** The next offset per topic: the records handed out so far per topic. */
  Map<String, Long> nextOffsets() {
    return new TreeMap<>(next);
  }

  /** The SHA-256 of every record handed out (topic, key, value), its first 16 hex digits. */
  String digest() {
    return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
  }
}
