package io.vaultstream.spark.lake;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.engine.BatchStore;
import io.vaultstream.event.Progress;
import io.vaultstream.keymap.KeyMapReader;
import io.vaultstream.model.Naming;
import io.vaultstream.table.TableKind;
import io.vaultstream.table.TableSpec;
import io.vaultstream.waiting.WaitingRows;
import io.vaultstream.write.VaultShape;
import io.vaultstream.write.VaultStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * One micro-batch's store in Delta tables: reads as the batch pinned the tables, writes collected
 * in memory, and at commit one MERGE per table in the order that keeps a re-run safe: the vault's
 * tables first, then the key map and the loader's bookkeeping, then the waiting and error rows, and
 * the progress last. Each commit carries the batch's number, so a re-run of the batch after a
 * failure between two commits skips the tables that have it already.
 */
public final class LakeBatchStore implements BatchStore {
  /** The loader's tables after the vault's, in the order they commit. */
  private static final List<String> LAST =
      List.of(
          VaultTables.KEY_MAP,
          VaultTables.REPEATS,
          VaultTables.IGNORED_CHANGES,
          VaultTables.WAITING,
          VaultTables.ERRORS,
          VaultTables.PROGRESS);

  private final LakeBatch batch;
  private final VaultShape shape;
  private final LakeVaultStore vault;
  private final LakeWaitingRows waiting;
  private final LakeKeyMap keyMap;
  private final Map<String, Integer> committed = new LinkedHashMap<>();

  public LakeBatchStore(
      SparkSession spark, LakeBatch batch, VaultShape shape, LakeTypes types, Naming naming) {
    this.batch = batch;
    this.shape = shape;
    this.vault = new LakeVaultStore(spark, batch, naming);
    this.waiting = new LakeWaitingRows(spark, batch, vault, shape, types);
    this.keyMap = new LakeKeyMap(spark, batch);
  }

  @Override
  public KeyMapReader keyMap() {
    return keyMap;
  }

  @Override
  public VaultStore vault() {
    return vault;
  }

  @Override
  public WaitingRows waiting() {
    return waiting;
  }

  @Override
  public void storeProgress(Progress p, long nowMicros) {
    if (p == null || shape.table(VaultTables.PROGRESS) == null) {
      return;
    }
    TableSpec t = shape.table(VaultTables.PROGRESS);
    for (Progress.Position pos : p.positions()) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("consumer", p.consumer());
      row.put("topic", pos.topic());
      row.put("kafka_partition", Integer.toString(pos.partition()));
      row.put("next_offset", Long.toString(pos.nextOffset()));
      row.put("updated_at", nowMicros);
      if (pos.anchor() != null) {
        row.put(VaultTables.PROGRESS_ANCHOR_OFFSET, Long.toString(pos.anchor().offset()));
        row.put(VaultTables.PROGRESS_ANCHOR_TIMESTAMP, Long.toString(pos.anchor().timestamp()));
      }
      vault.upsert(t, row);
    }
  }

  /** Commits every table the batch changed, the vault's tables first. */
  @Override
  public void commit() {
    List<LakeChanges> ordered = inCommitOrder();
    for (LakeChanges c : ordered) {
      committed.put(c.table().name(), c.size());
    }
    batch.commit(ordered);
    vault.clear();
  }

  /** The batch's changes per table, in the order they commit. */
  List<LakeChanges> inCommitOrder() {
    List<LakeChanges> first = new ArrayList<>();
    Map<String, LakeChanges> last = new LinkedHashMap<>();
    for (LakeChanges c : vault.changes().values()) {
      if (LAST.contains(c.table().name()) || c.table().kind() == TableKind.TECHNICAL) {
        last.put(c.table().name(), c);
      } else {
        first.add(c);
      }
    }
    List<LakeChanges> ordered = new ArrayList<>(first);
    for (String name : LAST) {
      LakeChanges c = last.remove(name);
      if (c != null) {
        ordered.add(c);
      }
    }
    ordered.addAll(last.values());
    return ordered;
  }

  /** Forgets the batch's changes: nothing was written before the commit. */
  @Override
  public void rollback() {
    vault.clear();
  }

  /** The rows changed per table by the last commit (for the job's progress log). */
  public Map<String, Integer> committed() {
    return committed;
  }
}
