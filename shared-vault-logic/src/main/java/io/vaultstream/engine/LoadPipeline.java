package io.vaultstream.engine;

import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads batches one after another like {@link VaultLoader#load(List, List, Progress)}, but plans
 * each batch (waiting rows, key map, rows to write) on the caller's thread while the batch before
 * it is written and committed on a writer thread, so Java work and database work overlap.
 *
 * <p>Every batch is still one transaction, and batches commit in the order submitted. A batch
 * planned while the previous one is in flight sees that batch's key map entries and waiting rows as
 * if they were committed; if that batch then fails, or has to be loaded in parts because the
 * database rejected a value, the next batch is planned again. A batch is handed to the writer only
 * after the previous one committed, and a batch that runs the sweep is loaded on its own.
 *
 * <p>Not thread-safe: one caller (a Connect task's thread) submits and drains. The pipeline holds
 * one pooled connection for its reads and the writer uses another (a third while it adds columns to
 * a table), so the pool needs at least three ({@link PipelinePool}).
 *
 * @param <T> what the caller attaches to a batch, handed back when the batch has committed
 */
public final class LoadPipeline<T> implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(LoadPipeline.class);

  /** Told, on the caller's thread, about each batch that has committed. */
  @FunctionalInterface
  public interface Listener<T> {
    void committed(T tag, LoadResult result);
  }

  private record InFlight<T>(T tag, PlannedBatch batch, Future<BatchRunner.Written> write) {}

  private final BatchRunner loader;
  private final Listener<T> listener;
  private final ExecutorService writer;
  private Connection reads;
  private InFlight<T> inFlight;

  LoadPipeline(BatchRunner loader, Listener<T> listener) {
    this.loader = loader;
    this.listener = listener;
    // The writer logs with the creating thread's logging context (a Connect task's
    // "[connector|task-0]"), so its flush lines say which task they belong to.
    java.util.Map<String, String> context = org.slf4j.MDC.getCopyOfContextMap();
    this.writer =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t =
                  new Thread(
                      () -> {
                        if (context != null) {
                          org.slf4j.MDC.setContextMap(context);
                        }
                        r.run();
                      },
                      "vaultstream-writer");
              t.setDaemon(true);
              return t;
            });
  }

  /**
   * Plans this batch now and hands it to the writer once the batch before it has committed; returns
   * without waiting for this batch's write. The listener hears of the previous batch first.
   *
   * @throws SQLException when the previous batch's write failed, or reading for this one failed:
   *     then neither batch is loaded (both have to be submitted again)
   */
  public void submit(List<ChangeEvent> events, List<BadRecord> bad, Progress progress, T tag)
      throws SQLException {
    if (loader.sweepDue()) {
      // The sweep scans the tables and moves rows between them: it runs on its own, in one
      // transaction with the batch, after the previous batch committed.
      drain();
      listener.committed(tag, loader.load(events, bad, progress));
      return;
    }
    PlannedBatch planned;
    try {
      planned =
          loader.planAhead(
              reads(), events, bad, progress, inFlight == null ? null : inFlight.batch);
    } catch (SQLException | RuntimeException e) {
      closeReads();
      try {
        drain();
      } catch (SQLException | RuntimeException previous) {
        previous.addSuppressed(e);
        throw previous;
      }
      throw e;
    }
    if (inFlight != null) {
      InFlight<T> previous = inFlight;
      inFlight = null; // whatever its outcome, it is no longer in flight
      boolean cleanly = finish(previous);
      if (!cleanly) {
        // The previous batch was loaded in parts: what this plan assumed about it may not hold.
        planned = loader.planAhead(reads(), events, bad, progress, null);
      }
    }
    PlannedBatch batch = planned;
    inFlight = new InFlight<>(tag, batch, writer.submit(() -> loader.writePlanned(batch)));
  }

  /** Waits for the batch in flight, if any, to commit, and tells the listener. */
  public void drain() throws SQLException {
    if (inFlight != null) {
      InFlight<T> f = inFlight;
      inFlight = null;
      finish(f);
    }
  }

  /**
   * Tells the listener of the batch in flight if its write has ended, without waiting for it; a
   * batch still being written stays in flight.
   *
   * @throws SQLException when its write failed (as {@link #drain()})
   */
  public void collect() throws SQLException {
    if (inFlight != null && inFlight.write.isDone()) {
      drain();
    }
  }

  /** Whether a batch is in flight: handed to the writer, and the listener not told of it yet. */
  public boolean busy() {
    return inFlight != null;
  }

  /** Whether the writer is still writing the batch in flight (not only waiting to be collected). */
  public boolean writing() {
    return inFlight != null && !inFlight.write.isDone();
  }

  private boolean finish(InFlight<T> f) throws SQLException {
    BatchRunner.Written w;
    try {
      w = f.write.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException(
          "interrupted while the previous batch was written",
          loader.dialect().interruptedState(),
          e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof SQLException s) {
        throw s;
      }
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(cause);
    }
    listener.committed(f.tag, w.result());
    return w.asPlanned();
  }

  private Connection reads() throws SQLException {
    if (reads == null) {
      reads = loader.readConnection();
    }
    return reads;
  }

  private void closeReads() {
    if (reads != null) {
      try {
        reads.close();
      } catch (SQLException e) {
        LOG.debug("Closing the pipeline's read connection failed", e);
      }
      reads = null;
    }
  }

  /** Waits for the batch in flight (its failure is logged, not thrown) and stops the writer. */
  @Override
  public void close() {
    try {
      drain();
    } catch (SQLException | RuntimeException e) {
      LOG.warn("The last batch in flight was not loaded: {}", e.getMessage());
    }
    closeReads();
    writer.shutdownNow();
  }
}
