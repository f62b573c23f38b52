package io.vaultstream.connect;

import io.vaultstream.engine.LoadResult;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.event.Progress;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.kafka.common.TopicPartition;

/**
 * The engine as the batches see it: commits each batch at once, or (pipelined) when the next one is
 * handed over, the task drains, or, once told its write has ended, the task collects it; fails the
 * batch in flight when told to.
 */
final class FakeEngine implements BatchLoader {
  /** A batch the task handed to the engine. */
  record Handed(List<ChangeEvent> events, List<BadRecord> bad, Progress progress) {
    List<Object> customers() {
      return events.stream().map(e -> e.row().get("customer_no")).toList();
    }
  }

  final List<Handed> handed = new ArrayList<>();
  final List<TopicPartition> forgotten = new ArrayList<>();
  final List<Progress.Position> expected = new ArrayList<>();
  final List<Progress.Position> stored = new ArrayList<>();
  // What storing positions throws; null: it stores them.
  SQLException storeFailure;
  final Deque<Runnable> inFlight = new ArrayDeque<>();
  boolean pipelined;
  boolean failNext;
  // What the next failure throws; null: a lost connection.
  SQLException failure;
  // Failures thrown one after the other, before failNext is looked at.
  final Deque<SQLException> failures = new ArrayDeque<>();
  boolean heldDue;
  // Whether the write of the batch in flight has ended (a new batch's write has not).
  boolean writeEnded;
  int drains;
  Function<Progress.Position, Progress.Position> positions = p -> p;
  Function<ChangeEvent, List<Problem>> problems = e -> List.of();
  // The problems of events of earlier batches that the next batch plans again from memory (then
  // cleared).
  final List<Problem> rechecked = new ArrayList<>();
  // Which of a batch's waiting events the engine holds in memory; the events held (by identity).
  java.util.function.Predicate<ChangeEvent> holds = e -> false;
  final java.util.Set<ChangeEvent> held =
      java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

  @Override
  public void submit(
      List<ChangeEvent> events,
      List<BadRecord> bad,
      Progress progress,
      Consumer<LoadResult> committed)
      throws SQLException {
    if (pipelined) {
      commitInFlight(); // the batch before commits (or fails) before this one is written
    } else {
      failIfTold();
    }
    handed.add(new Handed(List.copyOf(events), List.copyOf(bad), progress));
    heldDue = false;
    writeEnded = false;
    Runnable commit = () -> committed.accept(result(events, progress));
    if (pipelined) {
      inFlight.add(commit);
    } else {
      commit.run();
    }
  }

  private LoadResult result(List<ChangeEvent> events, Progress progress) {
    List<Problem> found = new ArrayList<>();
    events.forEach(e -> found.addAll(problems.apply(e)));
    List<Problem> again = List.copyOf(rechecked);
    rechecked.clear();
    found.stream()
        .filter(p -> p.waits() && holds.test(p.event()))
        .forEach(p -> held.add(p.event()));
    return new LoadResult(
        events.size(),
        Map.of(),
        found,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        progress.positions().stream().map(positions).toList(),
        0,
        again,
        held.isEmpty() ? java.util.Set.of() : identityCopy(held));
  }

  private static java.util.Set<ChangeEvent> identityCopy(java.util.Set<ChangeEvent> events) {
    java.util.Set<ChangeEvent> out =
        java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    out.addAll(events);
    return out;
  }

  private void failIfTold() throws SQLException {
    if (!failures.isEmpty()) {
      inFlight.clear();
      throw failures.poll();
    }
    if (failNext) {
      failNext = false;
      inFlight.clear();
      throw failure != null
          ? failure
          : new SQLTransientConnectionException("the database went away", "08006");
    }
  }

  @Override
  public void drain() throws SQLException {
    drains++;
    commitInFlight();
  }

  private void commitInFlight() throws SQLException {
    failIfTold();
    while (!inFlight.isEmpty()) {
      inFlight.poll().run();
    }
  }

  @Override
  public void collect() throws SQLException {
    if (writeEnded) {
      commitInFlight();
    }
  }

  @Override
  public boolean busy() {
    return !inFlight.isEmpty();
  }

  @Override
  public boolean writing() {
    return busy() && !writeEnded;
  }

  @Override
  public boolean heldDue() {
    return heldDue;
  }

  @Override
  public void storeProgress(Progress progress) throws SQLException {
    if (storeFailure != null) {
      throw storeFailure;
    }
    stored.addAll(progress.positions());
  }

  @Override
  public void expectStoredProgress(String consumer, List<Progress.Position> positions) {
    expected.addAll(positions);
  }

  @Override
  public void forget(String topic, int partition) {
    forgotten.add(new TopicPartition(topic, partition));
  }

  @Override
  public void close() {}
}
