package io.vaultstream.waiting;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.event.Progress;
import io.vaultstream.event.SourcePosition;
import io.vaultstream.plan.BatchPlan;
import io.vaultstream.plan.Retry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Events waiting for a parent that are kept in memory for a short time instead of becoming waiting
 * rows at once: most parents arrive a batch or two later, and a wait that ends in memory costs no
 * row written, read back and deleted. Each batch retries the held events whose parent it carries
 * (all of them when the sweep runs) and those held long enough, which become waiting rows if they
 * still wait.
 *
 * <p>A held event is in no table, so the position stored for its partition (and committed to Kafka)
 * stays at its offset until it loads or becomes a waiting row: after a restart it is read again,
 * with the records after it, which load idempotently. {@link #positions} gives those held
 * positions.
 *
 * <p>Immutable: each batch makes the state that holds once it commits, and the next batch (planned
 * while this one is written) starts from it; a batch that fails leaves the committed state as it
 * was.
 */
public final class HeldWaits {
  public static final HeldWaits NONE = new HeldWaits(Map.of(), Map.of(), Map.of(), null);

  /**
   * An event held in memory, with the first parent it waits for, since when, and about how many
   * bytes it keeps ({@link HeldSize}).
   */
  public record Held(Problem problem, long sinceMicros, long bytes) {
    public ChangeEvent event() {
      return problem.event();
    }

    public boolean linksOnly() {
      return PendingCycle.linksOnly(problem);
    }
  }

  private record Partition(String topic, int partition) {}

  private final Map<SourcePosition, Held> held;
  private final Map<Partition, Long> latest;
  private final Map<Partition, Long> stored;
  private final String consumer;
  private final long oldestSince;

  private HeldWaits(
      Map<SourcePosition, Held> held,
      Map<Partition, Long> latest,
      Map<Partition, Long> stored,
      String consumer) {
    this.held = held;
    this.latest = latest;
    this.stored = stored;
    this.consumer = consumer;
    this.oldestSince =
        held.values().stream().mapToLong(Held::sinceMicros).min().orElse(Long.MAX_VALUE);
  }

  /** Whether an event has been held for {@code holdMicros} or longer at {@code now}. */
  public boolean due(long now, long holdMicros) {
    return oldestSince != Long.MAX_VALUE && now - oldestSince >= holdMicros;
  }

  /** When the event held first was held, for the waiting row it becomes. */
  public static long arrivedAt(FlushRetries prep, ChangeEvent e, long now) {
    Held h = prep.heldOrigin.get(e);
    return h == null ? now : h.sinceMicros;
  }

  /** How many events are held. */
  public int size() {
    return held.size();
  }

  /**
   * Adds to the batch's retries the held events to try again: those whose parent row is in the
   * batch, those held for {@code holdMicros} or longer, and all of them when {@code all} (a sweep
   * asked for: the engine's sweep()). The timed sweep does not retry them all: a parent loaded
   * elsewhere is found when the event is due.
   */
  public void select(
      FlushRetries prep,
      Map<String, Set<String>> batchKeys,
      long now,
      long holdMicros,
      boolean all) {
    for (Held h : held.values()) {
      Problem pr = h.problem;
      Set<String> keys = batchKeys.get(pr.refSource());
      if (all || now - h.sinceMicros >= holdMicros || (keys != null && keys.contains(pr.refPk()))) {
        prep.retries.add(new Retry(h.event(), h.linksOnly(), false));
        prep.heldOrigin.put(h.event(), h);
      }
    }
  }

  /**
   * The state once the planned batch commits: held events not retried stay; retried ones that still
   * wait stay while younger than {@code holdMicros}; new events that wait are held, up to {@code
   * max} events and about {@code maxBytes} bytes in all. Marks in {@code prep.held} the events
   * held, whose waits are not written. Returns that state with the progress to store in the batch.
   */
  public Stored after(
      FlushRetries prep,
      BatchPlan plan,
      Progress progress,
      long now,
      long holdMicros,
      int max,
      long maxBytes) {
    Map<SourcePosition, Held> next = new HashMap<>(held);
    prep.heldOrigin.keySet().forEach(e -> next.remove(e.position()));
    long bytes = next.values().stream().mapToLong(Held::bytes).sum();
    // In the plan's (source) order: under the limit the earliest events are held, the later ones
    // become waiting rows.
    List<Problem> first = FlushRetries.firstWaits(prep, plan);
    for (Problem pr : first) {
      Held before = prep.heldOrigin.get(pr.event());
      long since = before == null ? now : before.sinceMicros;
      long size = before == null ? HeldSize.of(pr.event()) : before.bytes;
      if (now - since < holdMicros && next.size() < max && bytes + size <= maxBytes) {
        next.put(pr.event().position(), new Held(pr, since, size));
        bytes += size;
        prep.held.add(pr.event());
      }
    }
    Map<Partition, Long> latestNext = new HashMap<>(latest);
    String who = consumer;
    if (progress != null) {
      who = progress.consumer();
      for (Progress.Position p : progress.positions()) {
        latestNext.put(new Partition(p.topic(), p.partition()), p.nextOffset());
      }
    }
    return stored(next, latestNext, who, progress);
  }

  /**
   * The positions to store with the batch that made this state: each partition's next offset, but
   * no further than its earliest held event; only those that differ from what was stored, and all
   * of the batch's own.
   */
  private Stored stored(
      Map<SourcePosition, Held> held,
      Map<Partition, Long> latest,
      String consumer,
      Progress progress) {
    Map<Partition, Long> floor = new HashMap<>();
    for (SourcePosition p : held.keySet()) {
      floor.merge(new Partition(p.topic(), p.partition()), p.offset(), Math::min);
    }
    Map<Partition, Long> storedNext = new HashMap<>(stored);
    List<Progress.Position> out = new ArrayList<>();
    Set<Partition> own = new HashSet<>();
    Map<Partition, Progress.Anchor> anchors = new HashMap<>();
    if (progress != null) {
      for (Progress.Position p : progress.positions()) {
        own.add(new Partition(p.topic(), p.partition()));
        if (p.anchor() != null) {
          anchors.put(new Partition(p.topic(), p.partition()), p.anchor());
        }
      }
    }
    latest.forEach(
        (tp, next) -> {
          long at = Math.min(next, floor.getOrDefault(tp, Long.MAX_VALUE));
          Long before = storedNext.put(tp, at);
          if (own.contains(tp) || before == null || before != at) {
            // The batch's anchor goes with its partition's position; a position moved by held
            // events alone keeps the anchor stored before.
            out.add(new Progress.Position(tp.topic, tp.partition, at, anchors.get(tp)));
          }
        });
    Progress p = consumer == null || out.isEmpty() ? null : new Progress(consumer, out);
    return new Stored(p, new HeldWaits(held, latest, storedNext, consumer));
  }

  /** The progress to store, and the state as it is once it is stored. */
  public record Stored(Progress progress, HeldWaits state) {}

  /** This state without one partition's held events and positions (the partition was revoked). */
  public HeldWaits without(String topic, int partition) {
    Map<SourcePosition, Held> h = new HashMap<>(held);
    h.keySet().removeIf(p -> p.topic().equals(topic) && p.partition() == partition);
    Partition tp = new Partition(topic, partition);
    Map<Partition, Long> l = new HashMap<>(latest);
    l.remove(tp);
    Map<Partition, Long> s = new HashMap<>(stored);
    s.remove(tp);
    return new HeldWaits(h, l, s, consumer);
  }
}
