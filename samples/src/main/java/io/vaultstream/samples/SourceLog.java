package io.vaultstream.samples;

import java.util.ArrayDeque;
import java.util.SplittableRandom;

/**
 * The source database's change log as Debezium reads it: transactions with one commit time, log
 * positions that grow, each event written as a Kafka record; a delete followed by its tombstone.
 */
final class SourceLog {
  final ArrayDeque<ChangeRecord> pending = new ArrayDeque<>();
  private final SplittableRandom random;
  private final EnvelopeWriter writer = new EnvelopeWriter();
  private long processedNanos;
  private long txId = 7_000;
  private long lsn = 460_000_000L;
  private Long lastCommitLsn;
  private EnvelopeWriter.Source tx;

  SourceLog(SplittableRandom random) {
    this.random = random;
  }

  /** Starts a transaction committed at {@code micros}. */
  void begin(long micros) {
    tx = new EnvelopeWriter.Source(micros, lastCommitLsn, ++txId, lsn);
  }

  void commit() {
    lastCommitLsn = lsn += 8 * (1 + random.nextInt(16));
  }

  /** A delete: the key is real, the other columns hold what Debezium puts there; a tombstone. */
  void delete(String name, Object[] row) {
    ShopTables.Table t = ShopTables.table(name);
    Object[] before = new Object[row.length];
    for (int i = 0; i < row.length; i++) {
      before[i] = i < t.keyColumns() ? row[i] : ShopTables.placeholder(t.columns().get(i));
    }
    emit(name, "d", before, null);
    pending.add(new ChangeRecord(name, null, t.topic(), writer.key(t, row), null));
  }

  void emit(String name, String op, Object[] before, Object[] after) {
    ShopTables.Table t = ShopTables.table(name);
    lsn += 8 * (1 + random.nextInt(512));
    EnvelopeWriter.Source src =
        new EnvelopeWriter.Source(tx.tsMicros(), tx.previousCommitLsn(), tx.txId(), lsn);
    // Debezium reads the change 0.2-1.5 s after its commit; its own times never go back.
    long lag = (200 + random.nextInt(1300)) * 1_000_000L + random.nextInt(1_000_000);
    processedNanos =
        Math.max(processedNanos + 1 + random.nextInt(1000), src.tsMicros() * 1000 + lag);
    Object[] row = after != null ? after : before;
    byte[] value = writer.value(t, op, before, after, src, processedNanos);
    pending.add(new ChangeRecord(name, op, t.topic(), writer.key(t, row), value));
  }
}
