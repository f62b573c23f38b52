package io.vaultstream.engine;

import io.vaultstream.dialect.VaultValues;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.event.Progress;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.keymap.JdbcKeyMapReader;
import io.vaultstream.keymap.KeyMapReader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.plan.BatchPlan;
import io.vaultstream.plan.BatchPlanner;
import io.vaultstream.plan.Recheck;
import io.vaultstream.plan.RowKeys;
import io.vaultstream.waiting.WaitingColumns;
import io.vaultstream.waiting.WaitingCycle;
import io.vaultstream.waiting.WaitingHeldEvent;
import io.vaultstream.waiting.WaitingHold;
import io.vaultstream.waiting.WaitingRecheckChoice;
import io.vaultstream.waiting.WaitingRechecks;
import io.vaultstream.waiting.WaitingRowRechecks;
import io.vaultstream.write.ColumnAdmission;
import io.vaultstream.write.IgnoredChanges;
import io.vaultstream.write.Micros;
import io.vaultstream.write.ValueAdmission;
import io.vaultstream.write.VaultShape;
import io.vaultstream.write.VaultWriter;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The two steps of one batch's transaction: planning (reads only: rechecks, held events, key map)
 * and writing (vault rows, waiting and error rows, progress, then the commit), with the events held
 * in memory as of the last committed batch. {@link VaultLoader} decides when and how often they run
 * (again after a race, loading in parts, pipelining).
 */
final class BatchSteps {
  // Its one line, a batch's timings at DEBUG, belongs to the flush summaries, which
  // docs/TROUBLESHOOTING.md documents under VaultLoader's logger.
  private static final Logger FLUSHES = LoggerFactory.getLogger(VaultLoader.class);

  private final VaultOptions options;
  private final ColumnAdmission admission;
  private final ValueAdmission values;
  private final BatchPlanner planner;
  private final VaultWriter writer;
  private final WaitingCycle cycle;
  private final Clock clock;
  private final IgnoredChanges ignored;
  private final ColumnWatch watch;
  private final KeyMapMemory keyMap;
  // Events held in memory as of the last committed batch (see WaitingHold).
  private volatile WaitingHold held = WaitingHold.NONE;

  BatchSteps(
      VaultOptions options,
      VaultValues target,
      VaultShape schema,
      ColumnAdmission admission,
      ValueAdmission values,
      BatchPlanner planner,
      VaultWriter writer,
      WaitingCycle cycle,
      Clock clock,
      ColumnWatch watch) {
    this.options = options;
    this.admission = admission;
    this.values = values;
    this.planner = planner;
    this.writer = writer;
    this.cycle = cycle;
    this.clock = clock;
    this.ignored = new IgnoredChanges(target, schema);
    this.watch = watch;
    this.keyMap = new KeyMapMemory(options.keyMapCacheKeys());
  }

  /** The steps of a vault whose tables have {@code shape} in {@code target}. */
  static BatchSteps of(
      VaultModel model,
      VaultOptions options,
      VaultValues target,
      VaultShape shape,
      HashKeyCalculator hasher,
      BatchPlanner planner,
      Clock clock) {
    return new BatchSteps(
        options,
        target,
        shape,
        new ColumnAdmission(model, shape, target, options.columnLimits(), options.autoEvolve()),
        new ValueAdmission(model, shape, target),
        planner,
        new VaultWriter(model, target, hasher, shape),
        new WaitingCycle(new WaitingColumns(model, target), options.waitingPolicy()),
        clock,
        new ColumnWatch(model));
  }

  /** Whether a batch planned now would run the sweep. */
  boolean sweepDue() {
    return cycle.sweepDue(Micros.of(clock.instant()));
  }

  /**
   * Reads what a batch needs (rechecks, key map) and plans it, writing nothing.
   *
   * @param maySweep whether the sweep may run if it is due (not when planning ahead: the sweep
   *     writes while it reads, so it needs the batch's transaction)
   * @param inFlight the batch being written meanwhile, whose changes are not committed yet
   */
  PlannedBatch plan(
      BatchStore store,
      List<ChangeEvent> events,
      List<BadRecord> bad,
      List<Problem> failed,
      Progress progress,
      WaitingRecheckChoice choice,
      boolean maySweep,
      PlannedBatch inFlight)
      throws SQLException {
    long start = System.nanoTime();
    watch.check(events);
    // Events whose new columns cannot be added are bad records before any schema change, and
    // events with a value its column cannot hold are error rows (on a target that checks values).
    List<ChangeEvent> received = events;
    List<Problem> problems = new ArrayList<>(failed);
    List<ChangeEvent> admitted = values.admit(admission.admit(events, problems), problems);
    List<Problem> refused = List.of();
    if (admitted != events) {
      events = admitted;
      refused = List.copyOf(problems.subList(failed.size(), problems.size()));
      failed = List.copyOf(problems);
    }
    long now = Micros.of(clock.instant());
    KeyMapReader reader = keyMap.reader(store, inFlight);
    if (inFlight != null) {
      reader = inFlight.keyMapView(reader);
    }
    RowKeys batchKeys = planner.rowKeys(events);
    WaitingHold base = inFlight != null ? inFlight.held.state() : held;
    WaitingRechecks rechecks =
        rechecks(store, batchKeys.bySource(), now, choice, maySweep, inFlight, base);
    long prepared = System.nanoTime();
    BatchPlan plan = planner.plan(batchKeys, rechecks.rechecks(), reader);
    WaitingHold.Stored after = heldAfter(base, rechecks, plan, progress, now);
    return new PlannedBatch(
        received, events, bad, failed, refused, progress, after, now, rechecks, plan, start,
        prepared);
  }

  /**
   * The batch's rechecks: the waiting and error rows found for it (as the batch in flight, if any,
   * leaves them) and the held events that are due, as far as the choice takes them.
   */
  private WaitingRechecks rechecks(
      BatchStore store,
      Map<String, Set<String>> batchKeys,
      long now,
      WaitingRecheckChoice choice,
      boolean maySweep,
      PlannedBatch inFlight,
      WaitingHold base)
      throws SQLException {
    WaitingRowRechecks rows =
        cycle.findRechecks(
            store.waiting(),
            choice.takesRechecks() ? batchKeys : Map.of(),
            now,
            choice.sweep(),
            maySweep && choice.takesRechecks(),
            inFlight != null ? inFlight.waitingView(cycle) : null);
    long holdMicros = options.holdWaitsMs() * 1000L;
    List<WaitingHeldEvent> due =
        holdMicros > 0 ? base.select(batchKeys, now, holdMicros, choice.sweep()) : List.of();
    return choice.apply(rows, due);
  }

  /** The events held in memory once the planned batch commits, and the progress it stores. */
  private WaitingHold.Stored heldAfter(
      WaitingHold base, WaitingRechecks rechecks, BatchPlan plan, Progress progress, long now) {
    long holdMicros = options.holdWaitsMs() * 1000L;
    if (holdMicros <= 0) {
      return WaitingHold.Stored.nothingHeld(progress);
    }
    return base.after(
        rechecks,
        plan,
        progress,
        now,
        holdMicros,
        options.holdWaitsMaxEvents(),
        options.holdWaitsMaxBytes());
  }

  /**
   * What the store says to the rows of one recheck on its own: they are written to {@code store}
   * and rolled back. Null when it takes them.
   */
  SQLException probe(BatchStore store, Recheck recheck) throws SQLException {
    try {
      BatchPlan plan = planner.plan(List.of(), List.of(recheck), store.keyMap());
      writer.write(store.vault(), plan, true);
      return null;
    } catch (JdbcKeyMapReader.ReadFailure e) {
      throw e.getCause();
    } catch (SQLException e) {
      return e;
    } finally {
      store.rollback();
    }
  }

  /** See {@link VaultLoader#heldDue()}. */
  boolean heldDue() {
    return held.due(Micros.of(clock.instant()), options.holdWaitsMs() * 1000L);
  }

  /** See {@link VaultLoader#forget(String, int)}. */
  void forget(String topic, int partition) {
    held = held.without(topic, partition);
  }

  /** Writes a planned batch, its waiting and error rows and the progress, and commits. */
  LoadResult write(BatchStore store, PlannedBatch b, boolean racing) throws SQLException {
    try {
      return writeOnce(store, b, racing);
    } catch (Throwable e) { // an Error too: whether the batch committed is not known
      keyMap.failed();
      throw e;
    }
  }

  private LoadResult writeOnce(BatchStore store, PlannedBatch b, boolean racing)
      throws SQLException {
    keyMap.writing(b);
    long began = System.nanoTime();
    store.checkProgress(b.progress == null ? null : b.progress.consumer());
    Progress stored = b.held.progress();
    Map<String, Integer> written = new LinkedHashMap<>(writer.write(store.vault(), b.plan, racing));
    long wrote = System.nanoTime();
    List<Problem> changed = changeErrors(b);
    List<Problem> failed = b.failed;
    if (!changed.isEmpty()) {
      failed = new ArrayList<>(b.failed);
      failed.addAll(changed);
    }
    ignored.note(store.vault(), b.plan.setAside, b.now);
    WaitingCycle.Counts k =
        cycle.finish(store.waiting(), b.rechecks, b.plan, b.held.held(), b.bad, failed, b.now);
    logTimes(b, began, wrote);
    store.storeProgress(stored, b.now);
    Long mark = keyMap.mark(store, b, b.now);
    store.commit();
    keyMap.committed(b, mark, racing);
    held = b.held.state();
    return result(b, written, changed, k, stored);
  }

  private static void logTimes(PlannedBatch b, long began, long wrote) {
    FLUSHES.debug(
        "Batch of {} events and {} rechecks: rechecks found in {} ms, planned in {} ms, written in"
            + " {} ms, waiting rows handled in {} ms",
        b.events.size(),
        b.rechecks.rechecks().size(),
        (b.preparedNanos - b.startNanos) / 1_000_000,
        (b.plannedNanos - b.preparedNanos) / 1_000_000,
        (wrote - began) / 1_000_000,
        (System.nanoTime() - wrote) / 1_000_000);
  }

  /** What a committed batch did: the problems of its own events, and of rechecked ones apart. */
  private static LoadResult result(
      PlannedBatch b,
      Map<String, Integer> written,
      List<Problem> changed,
      WaitingCycle.Counts k,
      Progress stored) {
    List<Problem> problems = new ArrayList<>(b.refused);
    problems.addAll(b.plan.problems);
    problems.addAll(changed);
    List<Problem> own = new ArrayList<>(problems.size());
    List<Problem> fromHold = new ArrayList<>();
    for (Problem p : problems) {
      if (!b.rechecks.rechecked(p.event())) {
        own.add(p);
      } else if (b.rechecks.fromHold().containsKey(p.event())) {
        fromHold.add(p);
      }
    }
    // Held events the database refused on their own (a batch loaded in parts): error rows too.
    b.rechecks
        .rejected()
        .forEach(
            (e, p) -> {
              if (b.rechecks.fromHold().containsKey(e)) {
                fromHold.add(p);
              }
            });
    return new LoadResult(
        b.events.size(),
        written,
        own,
        k.waiting(),
        k.resolved(),
        k.toErrors(),
        k.toUnknown(),
        k.dropped(),
        k.errors(),
        (System.nanoTime() - b.startNanos) / 1_000_000,
        b.held.state().size(),
        stored == null ? List.of() : stored.positions(),
        b.plan.setAside.size(),
        fromHold,
        b.held.state().events());
  }

  /** The error rows of the changes of non-historized links that the writer set aside. */
  private static List<Problem> changeErrors(PlannedBatch b) {
    List<Problem> out = new ArrayList<>();
    for (BatchPlan.SetAside a : b.plan.setAside) {
      if (a.error()) {
        out.add(Problem.of(a.event(), Problem.NON_HISTORIZED_CHANGE, a.link(), a.message()));
      }
    }
    return out;
  }
}
