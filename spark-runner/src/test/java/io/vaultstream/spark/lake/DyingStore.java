package io.vaultstream.spark.lake;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

/** A batch's store whose commit stops after the first {@code tables} tables, as a dying driver. */
record DyingStore(
    LakeBatchStore store, int tables, LakeLocation at, LakeCommit committer, long batch)
    implements io.vaultstream.engine.BatchStore {
  @Override
  public io.vaultstream.keymap.KeyMapReader keyMap() {
    return store.keyMap();
  }

  @Override
  public io.vaultstream.write.VaultStore vault() {
    return store.vault();
  }

  @Override
  public io.vaultstream.waiting.WaitingRows waiting() {
    return store.waiting();
  }

  @Override
  public void storeProgress(io.vaultstream.event.Progress p, long nowMicros) {
    store.storeProgress(p, nowMicros);
  }

  @Override
  public void commit() {
    List<LakeChanges> ordered = store.inCommitOrder();
    assertThat(ordered.size()).isGreaterThan(tables);
    for (LakeChanges c : ordered.subList(0, tables)) {
      c.commit(LakeSessionTests.spark, at, committer, batch);
    }
    throw new IllegalStateException("the driver dies");
  }

  @Override
  public void rollback() {
    store.rollback();
  }
}
