package io.vaultstream.waiting;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.event.Progress;
import io.vaultstream.event.SourcePosition;
import io.vaultstream.plan.BatchPlan;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Events waiting for a parent that are kept in memory for a short time instead of becoming waiting
 * rows at once: most parents arrive a batch or two later, and a wait that ends in memory costs no
 * row written, read back and deleted. Each batch rechecks the held events whose parent it carries
 * (all of them when the sweep runs) and those held long enough, which become waiting rows if they
 * still wait.
 *
 * <p>A held event is in no table, so the position stored for its partition (and committed to Kafka)
 * stays at its offset until it loads or becomes a waiting row: after a restart it is read again,
 * with the records after it, which load idempotently. {@link #after} gives the positions to store.
 *
 * <p>Immutable: each batch makes the state that holds once it commits, and the next batch (planned
 * while this one is written) starts from it; a batch that fails leaves the committed state as it
 * was.
 */
public final class WaitingHold {
  public static final WaitingHold NONE = new WaitingHold(Map.of(), Map.of(), Map.of(), null);

  private record Partition(String topic, int partition) {}

  private final Map<SourcePosition, WaitingHeldEvent> held;
  private final Map<Partition, Long> latest;
  private final Map<Partition, Long> stored;
  private final String consumer;
  private final long oldestSince;

  private WaitingHold(
      Map<SourcePosition, WaitingHeldEvent> held,
      Map<Partition, Long> latest,
      Map<Partition, Long> stored,
      String consumer) {
    this.held = held;
    this.latest = latest;
    this.stored = stored;
    this.consumer = consumer;
    this.oldestSince =
        held.values().stream()
            .mapToLong(WaitingHeldEvent::sinceMicros)
            .min()
            .orElse(Long.MAX_VALUE);
  }

  /** Whether an event has been held for {@code holdMicros} or longer at {@code now}. */
  public boolean due(long now, long holdMicros) {
    return oldestSince != Long.MAX_VALUE && now - oldestSince >= holdMicros;
  }

  /** How many events are held. */
  public int size() {
    return held.size();
  }

  /** The events held, by identity. */
  public Set<ChangeEvent> events() {
    if (held.isEmpty()) {
      return Set.of();
    }
    Set<ChangeEvent> out = Collections.newSetFromMap(new IdentityHashMap<>(held.size() * 2));
    held.values().forEach(h -> out.add(h.event()));
    return Collections.unmodifiableSet(out);
  }

  /**
   * The held events to recheck with the batch: those whose parent row is in the batch, those held
   * for {@code holdMicros} or longer, and all of them when {@code all} (a sweep asked for: the
   * engine's sweep()). The timed sweep does not recheck them all: a parent loaded elsewhere is
   * found when the event is due.
   */
  public List<WaitingHeldEvent> select(
      Map<String, Set<String>> batchKeys, long now, long holdMicros, boolean all) {
    List<WaitingHeldEvent> out = new ArrayList<>();
    for (WaitingHeldEvent h : held.values()) {
      Problem pr = h.problem();
      Set<String> keys = batchKeys.get(pr.refSource());
      if (all
          || now - h.sinceMicros() >= holdMicros
          || (keys != null && keys.contains(pr.refPk()))) {
        out.add(h);
      }
    }
    return out;
  }

  /**
   * The state once the planned batch commits: held events not rechecked stay; rechecked ones that
   * still wait stay while younger than {@code holdMicros}; new events that wait are held, up to
   * {@code max} events and about {@code maxBytes} bytes in all. Returns that state with the events
   * it holds (whose waits are not written) and the progress to store in the batch.
   */
  public Stored after(
      WaitingRechecks rechecks,
      BatchPlan plan,
      Progress progress,
      long now,
      long holdMicros,
      int max,
      long maxBytes) {
    Map<SourcePosition, WaitingHeldEvent> next = new HashMap<>(held);
    rechecks.fromHold().keySet().forEach(e -> next.remove(e.position()));
    Set<ChangeEvent> heldNow = Collections.newSetFromMap(new IdentityHashMap<>());
    long bytes = next.values().stream().mapToLong(WaitingHeldEvent::bytes).sum();
    // In the plan's (source) order: under the limit the earliest events are held, the later ones
    // become waiting rows.
    for (Problem pr : rechecks.firstNewWaits(plan)) {
      WaitingHeldEvent before = rechecks.fromHold().get(pr.event());
      long since = before == null ? now : before.sinceMicros();
      long size = before == null ? WaitingHeldSize.of(pr.event()) : before.bytes();
      if (now - since < holdMicros && next.size() < max && bytes + size <= maxBytes) {
        next.put(pr.event().position(), new WaitingHeldEvent(pr, since, size));
        bytes += size;
        heldNow.add(pr.event());
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
    return stored(next, latestNext, who, progress, heldNow);
  }

  /**
   * The positions to store with the batch that made this state: each partition's next offset, but
   * no further than its earliest held event; only those that differ from what was stored, and all
   * of the batch's own.
   */
  private Stored stored(
      Map<SourcePosition, WaitingHeldEvent> held,
      Map<Partition, Long> latest,
      String consumer,
      Progress progress,
      Set<ChangeEvent> heldNow) {
    Map<Partition, Long> floor = new HashMap<>();
    for (SourcePosition p : held.keySet()) {
      floor.merge(new Partition(p.topic(), p.partition()), p.offset(), Math::min);
    }
    Map<Partition, Long> storedNext = new HashMap<>(stored);
    List<Progress.Position> out = new ArrayList<>();
    Map<Partition, Progress.Anchor> own = ownAnchors(progress);
    latest.forEach(
        (tp, next) -> {
          long at = Math.min(next, floor.getOrDefault(tp, Long.MAX_VALUE));
          Long before = storedNext.put(tp, at);
          if (own.containsKey(tp) || before == null || before != at) {
            // The batch's anchor goes with its partition's position; a position moved by held
            // events alone keeps the anchor stored before.
            out.add(new Progress.Position(tp.topic, tp.partition, at, own.get(tp)));
          }
        });
    Progress p = consumer == null || out.isEmpty() ? null : new Progress(consumer, out);
    return new Stored(
        p,
        new WaitingHold(held, latest, storedNext, consumer),
        Collections.unmodifiableSet(heldNow));
  }

  /** The batch's own partitions, each with its anchor (null when it has none). */
  private static Map<Partition, Progress.Anchor> ownAnchors(Progress progress) {
    Map<Partition, Progress.Anchor> own = new HashMap<>();
    if (progress != null) {
      for (Progress.Position p : progress.positions()) {
        Partition tp = new Partition(p.topic(), p.partition());
        if (!own.containsKey(tp) || p.anchor() != null) {
          own.put(tp, p.anchor());
        }
      }
    }
    return own;
  }

  /**
   * The progress to store, the state as it is once it is stored, and the batch's events it holds
   * (by identity; their waits are not written as waiting rows).
   */
  public record Stored(Progress progress, WaitingHold state, Set<ChangeEvent> held) {
    /** The progress of a batch that holds nothing in memory (holding is off). */
    public static Stored nothingHeld(Progress progress) {
      return new Stored(progress, NONE, Set.of());
    }
  }

  /** This state without one partition's held events and positions (the partition was revoked). */
  public WaitingHold without(String topic, int partition) {
    Map<SourcePosition, WaitingHeldEvent> h = new HashMap<>(held);
    h.keySet().removeIf(p -> p.topic().equals(topic) && p.partition() == partition);
    Partition tp = new Partition(topic, partition);
    Map<Partition, Long> l = new HashMap<>(latest);
    l.remove(tp);
    Map<Partition, Long> s = new HashMap<>(stored);
    s.remove(tp);
    return new WaitingHold(h, l, s, consumer);
  }
}
