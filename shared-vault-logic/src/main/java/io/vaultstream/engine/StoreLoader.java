package io.vaultstream.engine;

import io.vaultstream.dialect.VaultValues;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.VaultModel;
import io.vaultstream.plan.BatchPlanner;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import io.vaultstream.waiting.WaitingRecheckChoice;
import io.vaultstream.write.VaultShape;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Loads batches into a vault whose tables are held by something other than a relational database (a
 * lakehouse table format): the caller gives each batch its {@link BatchStore}, which reads the
 * tables as of the batch's start and commits what the batch wrote. Planning and writing are the
 * ones {@link VaultLoader} runs; what differs is where rows are read from and written to. The
 * caller runs one batch at a time per vault (one writer).
 */
public final class StoreLoader {
  private final BatchSteps steps;
  private final VaultValues target;
  private final VaultShape shape;
  private final boolean autoEvolve;
  private final ColumnAdder columns;

  /** Adds a column to a table of the store, before the batch that needs it is written. */
  public interface ColumnAdder {
    void add(TableSpec table, ColumnSpec column) throws SQLException;
  }

  /**
   * @param target the column types and text forms of the store's tables
   * @param shape the tables as they are in the store
   * @param columns adds the columns first seen in events to the tables that take them (with
   *     auto-evolve)
   */
  public StoreLoader(
      VaultModel model,
      VaultOptions options,
      VaultValues target,
      VaultShape shape,
      Clock clock,
      ColumnAdder columns) {
    this.target = target;
    this.shape = shape;
    this.autoEvolve = options.autoEvolve();
    this.columns = columns;
    HashKeyCalculator hasher = new HashKeyCalculator(model.hashing());
    this.steps =
        BatchSteps.of(
            model, options, target, shape, hasher, new BatchPlanner(model, hasher), clock);
  }

  /**
   * Plans the batch with what {@code store} reads, writes it to {@code store} and commits it there:
   * the events' vault rows, their waiting and error rows, the rows they resolve and the progress. A
   * batch that fails leaves the store as the batch found it (the store commits nothing before
   * {@link BatchStore#commit}), so it can be run again.
   */
  public LoadResult load(
      BatchStore store, List<ChangeEvent> events, List<BadRecord> bad, Progress progress)
      throws SQLException {
    return load(store, events, bad, progress, WaitingRecheckChoice.usual(false), true);
  }

  /**
   * As {@link #load(BatchStore, List, List, Progress)}, with the sweep (the watermark, the
   * retention and the waiting rows whose parent reached the key map) run when {@code sweep} says,
   * not on this loader's timer: a batch that may run again after a restart must decide it from the
   * batch alone, so that every run of it plans the same changes.
   */
  public LoadResult load(
      BatchStore store,
      List<ChangeEvent> events,
      List<BadRecord> bad,
      Progress progress,
      boolean sweep)
      throws SQLException {
    return load(store, events, bad, progress, WaitingRecheckChoice.usual(sweep), false);
  }

  private LoadResult load(
      BatchStore store,
      List<ChangeEvent> events,
      List<BadRecord> bad,
      Progress progress,
      WaitingRecheckChoice choice,
      boolean maySweep)
      throws SQLException {
    PlannedBatch b = steps.plan(store, events, bad, List.of(), progress, choice, maySweep, null);
    addColumns(shape.unknownColumns(b.plan));
    return steps.write(store, b, false);
  }

  /**
   * Rechecks every waiting and unresolved error row against the whole key map, and applies the
   * watermark and the retention, as a batch of its own in {@code store} (for a runtime with no
   * records flowing, as {@link VaultLoader#sweep}).
   */
  public LoadResult sweep(BatchStore store) throws SQLException {
    PlannedBatch b =
        steps.plan(
            store,
            List.of(),
            List.of(),
            List.of(),
            null,
            WaitingRecheckChoice.usual(true),
            true,
            null);
    return steps.write(store, b, false);
  }

  /** Adds the batch's new columns, as text (the values are canonical text whatever they hold). */
  private void addColumns(Map<String, Set<String>> seen) throws SQLException {
    for (Map.Entry<String, Set<String>> e : seen.entrySet()) {
      for (String name : shape.missing(e.getKey(), e.getValue())) {
        if (!autoEvolve) {
          throw new SQLException(
              "The events of "
                  + e.getKey()
                  + " carry the column '"
                  + name
                  + "', which the table lacks, and auto-evolve is off: add the column as "
                  + target.textType()
                  + " or turn auto-evolve on");
        }
        ColumnSpec col = new ColumnSpec(name, target.textType(), false);
        columns.add(shape.table(e.getKey()), col);
        shape.append(e.getKey(), col);
      }
    }
  }
}
