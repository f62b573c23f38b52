package io.vaultstream.spark;

import io.vaultstream.decode.ChangeEvent;
import io.vaultstream.decode.DecodeException;
import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.Progress;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.error.BadRecord;
import io.vaultstream.model.VaultModel;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.ForeachPartitionFunction;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The foreachBatch function: each Spark partition of a micro-batch (one Kafka partition) is decoded
 * and loaded on its executor, through that JVM's engine and HikariCP pool, in one transaction
 * together with its ledger entry (query, batch id, partition) and Kafka offsets. A partition
 * already in the ledger (a batch re-run after a restart) is skipped.
 */
final class BatchWriter implements VoidFunction2<Dataset<Row>, Long> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(BatchWriter.class);

  /**
   * The ledger's pseudo topic prefix: {@code __batch/<spark partition>}, next offset = next batch
   * id.
   */
  static final String LEDGER = "__batch";

  private final Broadcast<VaultModel> model;
  private final VaultOptions options;
  private final String query;
  private final VaultMetrics metrics;

  BatchWriter(
      Broadcast<VaultModel> model, VaultOptions options, String query, VaultMetrics metrics) {
    this.model = model;
    this.options = options;
    this.query = query;
    this.metrics = metrics;
  }

  @Override
  public void call(Dataset<Row> batch, Long batchId) {
    Broadcast<VaultModel> m = model;
    VaultOptions o = options;
    String q = query;
    VaultMetrics metricsRef = metrics;
    long id = batchId;
    batch
        .select("key", "value", "topic", "partition", "offset", "timestamp")
        .foreachPartition(
            (ForeachPartitionFunction<Row>)
                rows -> writePartition(m.value(), o, q, metricsRef, id, rows));
  }

  static void writePartition(
      VaultModel model,
      VaultOptions options,
      String query,
      VaultMetrics metrics,
      long batchId,
      Iterator<Row> rows)
      throws SQLException {
    int part = TaskContext.getPartitionId();
    String ledger = LEDGER + "/" + part;
    VaultLoader loader = Loaders.get(model, options);
    for (Progress.Position p : loader.progress(query)) {
      if (p.topic().equals(ledger) && p.nextOffset() > batchId) {
        LOG.info(
            "Partition {} of batch {} of {} is already in the vault; skipped",
            part,
            batchId,
            query);
        return;
      }
    }
    List<ChangeEvent> events = new ArrayList<>();
    List<BadRecord> bad = new ArrayList<>();
    Map<String, Progress.Position> next = new HashMap<>();
    int count = 0;
    while (rows.hasNext()) {
      Row r = rows.next();
      count++;
      String topic = r.getString(2);
      int partition = r.getInt(3);
      long offset = r.getLong(4);
      long ts = r.isNullAt(5) ? 0 : r.getTimestamp(5).getTime();
      byte[] key = r.isNullAt(0) ? null : (byte[]) r.get(0);
      byte[] value = r.isNullAt(1) ? null : (byte[]) r.get(1);
      next.merge(
          topic + "/" + partition,
          new Progress.Position(topic, partition, offset + 1),
          (a, b) -> a.nextOffset() >= b.nextOffset() ? a : b);
      try {
        loader.decoder().decode(topic, partition, offset, ts, key, value).ifPresent(events::add);
      } catch (DecodeException e) {
        bad.add(new BadRecord(topic, partition, offset, key, value, e.getMessage()));
      }
    }
    List<Progress.Position> positions = new ArrayList<>(next.values());
    positions.add(new Progress.Position(ledger, 0, batchId + 1));
    LoadResult result = loader.load(events, bad, new Progress(query, positions));
    metrics.add(result);
    LOG.info(
        "Batch {} partition {} of {}: {} records, {} vault rows",
        batchId,
        part,
        query,
        count,
        result.totalRows());
  }
}
