package io.vaultstream.spark;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Holds a micro-batch of a per-source query on the driver until the queries of the tables its
 * foreign keys reference have loaded their records up to the batch's last record.
 *
 * <p>With one query per source table, each query reads a backlog at its own topic's pace: a batch
 * of 20,000 payments spans the time of several batches of orders, and every payment whose order is
 * not loaded yet is written as a waiting row and read back when the order comes. Held until the
 * orders' query has loaded past it, the batch finds its orders in the vault. Only references hold a
 * batch back (a hub-only source's query never waits), so queries that do not reference each other
 * still run side by side.
 *
 * <p>Times are the Kafka timestamps of the records, the one time the driver knows of a micro-batch
 * before it is loaded; within a backlog captured from one database they follow the order of its
 * commits. A query holds back a child's batch only while it is active: writing a batch, held with
 * an earlier batch of its own, or between two batches for at most the idle time (a query that has
 * delivered nothing for that long is caught up, or quiet, and holds nothing back). Held batches are
 * released in the order of their last record's time, so queries that reference each other cannot
 * wait for each other for ever, and none is held longer than the pause limit. Holding only delays
 * writing: the vault is the same with it or without it. Thread-safe: each query's micro-batches run
 * on a driver thread of their own.
 */
final class QueryPacing {
  /** A batch whose records' times the driver could not read: written without waiting. */
  static final long UNKNOWN = Long.MIN_VALUE;

  // How often a held batch looks again while no other query changes state (idle times passing).
  private static final long RECHECK_NANOS = 50_000_000L;

  private final long idleNanos;
  private final long firstNanos;
  private final long maxPauseNanos;
  private final long startNanos;
  private final Map<String, Lane> lanes = new LinkedHashMap<>();

  /** What the driver knows of one query. */
  private static final class Lane {
    final Set<String> parents;
    // The queries it waits for, directly or through others: a held one of these that also waits
    // for it is the only one it does not wait for before its turn comes.
    final Set<String> ancestors = new TreeSet<>();
    boolean started;
    // Its last batch's records had no time the driver could read: where it is, is not known.
    boolean timesUnknown;
    long loadedMs = Long.MIN_VALUE;
    long activeNanos;
    boolean writing;
    // Reading its next batch's times, before it is held or writes.
    boolean reading;
    boolean held;
    long heldEndMs;

    Lane(Set<String> parents, long nowNanos) {
      this.parents = parents;
      this.activeNanos = nowNanos;
    }
  }

  /** How long a batch waited, and for which queries it waited last (empty when it did not). */
  record Wait(long nanos, List<String> waitedFor, boolean overdue) {}

  /**
   * @param parents by query: the queries of the source tables its foreign keys reference
   * @param idleNanos how long a query between two batches still holds its children back
   * @param firstNanos how long, from now, a query that has not reached its first batch yet holds
   *     its children back (a query's first batch is planned while the others start too)
   * @param maxPauseNanos how long a batch is held at most
   * @param nowNanos now, as {@link System#nanoTime()} tells it
   */
  QueryPacing(
      Map<String, Set<String>> parents,
      long idleNanos,
      long firstNanos,
      long maxPauseNanos,
      long nowNanos) {
    if (idleNanos <= 0 || firstNanos <= 0 || maxPauseNanos <= 0) {
      throw new IllegalArgumentException("the idle time and the pause limits must be positive");
    }
    this.idleNanos = idleNanos;
    this.firstNanos = firstNanos;
    this.maxPauseNanos = maxPauseNanos;
    this.startNanos = nowNanos;
    parents.forEach((q, p) -> lanes.put(q, new Lane(Set.copyOf(p), nowNanos)));
    for (Lane lane : lanes.values()) {
      java.util.ArrayDeque<String> todo = new java.util.ArrayDeque<>(lane.parents);
      while (!todo.isEmpty()) {
        String q = todo.pop();
        Lane up = lanes.get(q);
        if (lane.ancestors.add(q) && up != null) {
          todo.addAll(up.parents);
        }
      }
    }
  }

  /**
   * Waits until {@code query} may write a micro-batch whose last record has Kafka time {@code
   * endMs} ({@link #UNKNOWN}: at once), then counts it as writing until {@link #loaded} or {@link
   * #stopped}.
   */
  synchronized Wait awaitTurn(String query, long endMs) throws InterruptedException {
    Lane lane = lanes.get(query);
    if (lane == null) {
      return new Wait(0, List.of(), false);
    }
    long start = System.nanoTime();
    long now = start;
    List<String> waitedFor = List.of();
    boolean overdue = false;
    lane.held = true;
    lane.started = true;
    lane.reading = false;
    lane.heldEndMs = endMs;
    notifyAll(); // a query held with a later batch may be one this one no longer waits for
    try {
      while (endMs != UNKNOWN) {
        List<String> holders = holders(query, lane, now);
        if (holders.isEmpty()) {
          break;
        }
        waitedFor = holders;
        long left = maxPauseNanos - (now - start);
        if (left <= 0) {
          overdue = true;
          break;
        }
        // Woken by every change of another query's state; the idle times pass without one.
        long slice = Math.min(left, RECHECK_NANOS);
        wait(slice / 1_000_000L, (int) (slice % 1_000_000L));
        now = System.nanoTime();
      }
    } finally {
      lane.held = false;
      lane.writing = true;
      lane.activeNanos = System.nanoTime();
      notifyAll();
    }
    return new Wait(now - start, waitedFor, overdue);
  }

  /**
   * {@code query} reached its next micro-batch (and reads its times before {@link #awaitTurn}): it
   * counts as active from now.
   */
  synchronized void arriving(String query) {
    Lane lane = lanes.get(query);
    if (lane != null) {
      lane.started = true;
      lane.reading = true;
      lane.activeNanos = System.nanoTime();
    }
  }

  /**
   * {@code query} wrote its micro-batch, whose last record has Kafka time {@code endMs} ({@link
   * #UNKNOWN}: not known, and the query holds no other back until a batch's time is known again).
   */
  synchronized void loaded(String query, long endMs) {
    Lane lane = lanes.get(query);
    if (lane == null) {
      return;
    }
    lane.timesUnknown = endMs == UNKNOWN;
    if (endMs != UNKNOWN && endMs > lane.loadedMs) {
      lane.loadedMs = endMs;
    }
    lane.writing = false;
    lane.activeNanos = System.nanoTime();
    notifyAll();
  }

  /** {@code query}'s micro-batch failed, or the query ended: it holds nothing back. */
  synchronized void stopped(String query) {
    Lane lane = lanes.get(query);
    if (lane == null) {
      return;
    }
    lane.writing = false;
    lane.reading = false;
    lane.held = false;
    lane.started = true;
    lane.activeNanos = System.nanoTime() - idleNanos - 1;
    notifyAll();
  }

  /** The parents of {@code query} that hold back its batch now. */
  private List<String> holders(String query, Lane lane, long now) {
    Set<String> out = new TreeSet<>();
    for (String parent : lane.parents) {
      Lane p = lanes.get(parent);
      if (p != null && holdsBack(parent, p, query, lane, now)) {
        out.add(parent);
      }
    }
    return List.copyOf(out);
  }

  private boolean holdsBack(String parent, Lane p, String child, Lane c, long now) {
    if (p.loadedMs >= c.heldEndMs) {
      return false; // loaded past the child's last record
    }
    if (p.writing || p.reading) {
      return true;
    }
    if (p.held) {
      // A parent held for its own parents goes first. Two queries that reference each other
      // (through others too) go in the order of their last records' times, then of their names.
      return !p.ancestors.contains(child)
          || p.heldEndMs < c.heldEndMs
          || (p.heldEndMs == c.heldEndMs && parent.compareTo(child) < 0);
    }
    if (!p.started) {
      return now - startNanos <= firstNanos;
    }
    return !p.timesUnknown && now - p.activeNanos <= idleNanos;
  }

  /**
   * The parents of each source's query: the other sources its foreign keys reference, by query name
   * ({@code queryOf} names a source's query).
   */
  static Map<String, Set<String>> parentsOf(
      io.vaultstream.model.VaultModel model,
      java.util.function.Function<io.vaultstream.model.SourceTable, String> queryOf) {
    Map<String, Set<String>> out = new HashMap<>();
    for (io.vaultstream.model.SourceTable s : model.sources().values()) {
      Set<String> parents = new TreeSet<>();
      for (io.vaultstream.model.ForeignKey fk : s.foreignKeys().values()) {
        io.vaultstream.model.SourceTable referenced = model.sources().get(fk.references());
        if (referenced != null && !referenced.name().equals(s.name())) {
          parents.add(queryOf.apply(referenced));
        }
      }
      out.put(queryOf.apply(s), parents);
    }
    return out;
  }
}
