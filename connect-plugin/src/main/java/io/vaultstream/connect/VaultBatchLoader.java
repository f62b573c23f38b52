package io.vaultstream.connect;

import io.vaultstream.connect.config.ConfigNames;
import io.vaultstream.engine.LoadPipeline;
import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.PipelinePool;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's {@link VaultLoader} as a task's {@link BatchLoader}: through a {@link LoadPipeline}
 * when pipelining is on and the pool allows it, else one batch at a time.
 */
final class VaultBatchLoader implements BatchLoader {
  private static final Logger LOG = LoggerFactory.getLogger(VaultBatchLoader.class);
  private final VaultLoader loader;
  private final LoadPipeline<Consumer<LoadResult>> pipeline;

  private VaultBatchLoader(VaultLoader loader, boolean pipelined) {
    this.loader = loader;
    this.pipeline = pipelined ? loader.pipeline((tag, result) -> tag.accept(result)) : null;
  }

  /**
   * The loader for a task: pipelined when asked to be and the pool has room for it (a pool too
   * small is refused by the connector's validation; a task started without it loads one batch at a
   * time).
   */
  static VaultBatchLoader of(VaultLoader loader, boolean pipelining, int poolMaxSize) {
    if (pipelining && !PipelinePool.suffices(poolMaxSize)) {
      LOG.warn(
          "{} is on but {} is below {}: batches are written without pipelining",
          ConfigNames.BATCH_PIPELINING,
          ConfigNames.POOL_MAX_SIZE,
          PipelinePool.MIN_SIZE);
      return new VaultBatchLoader(loader, false);
    }
    return new VaultBatchLoader(loader, pipelining);
  }

  @Override
  public void submit(
      List<ChangeEvent> events,
      List<BadRecord> bad,
      Progress progress,
      Consumer<LoadResult> committed)
      throws SQLException {
    if (pipeline != null) {
      pipeline.submit(events, bad, progress, committed);
    } else {
      committed.accept(loader.load(events, bad, progress));
    }
  }

  @Override
  public void drain() throws SQLException {
    if (pipeline != null) {
      pipeline.drain();
    }
  }

  @Override
  public void collect() throws SQLException {
    if (pipeline != null) {
      pipeline.collect();
    }
  }

  @Override
  public boolean busy() {
    return pipeline != null && pipeline.busy();
  }

  @Override
  public boolean writing() {
    return pipeline != null && pipeline.writing();
  }

  @Override
  public boolean heldDue() {
    return loader.heldDue();
  }

  @Override
  public void storeProgress(Progress progress) throws SQLException {
    loader.storeProgress(progress);
  }

  @Override
  public void expectStoredProgress(String consumer, List<Progress.Position> positions) {
    loader.expectStoredProgress(consumer, positions);
  }

  @Override
  public void forget(String topic, int partition) {
    loader.forget(topic, partition);
  }

  /** Stops the pipeline's writer; the engine itself is the task's to close. */
  @Override
  public void close() {
    if (pipeline != null) {
      pipeline.close();
    }
  }
}
