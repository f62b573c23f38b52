package io.vaultstream.engine;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which partitions a reader should pause so that none runs ahead of the others in source time.
 *
 * <p>A backlog of one topic per table is read in long runs of one topic: a table with few rows
 * (payments) reaches its last hour while a large one (orders) is still at its first, and every
 * child read before its parent waits for it, in memory or as a waiting row written and read back.
 * Paced, a partition whose latest event is more than {@code aheadMicros} of source time past the
 * slowest partition still delivering is paused until that one catches up (to within half the
 * allowance, so that a partition is not paused and resumed at every put), and children arrive with
 * their parents, or just after them.
 *
 * <p>Never a deadlock: the slowest partition is never paused, and a partition that has delivered
 * nothing for {@code idleNanos} (caught up, or quiet) does not count as the slowest, while a paused
 * one does: when the others go quiet, the slowest paused partition is the slowest and resumes.
 * Pausing only delays reading, so what is loaded does not depend on it. Not thread-safe: one
 * reader's thread.
 *
 * @param <P> how the reader names a partition
 */
public final class ReadPacing<P> {
  private final long aheadMicros;
  private final long idleNanos;
  private final long maxPauseNanos;
  private final Map<P, Lane> lanes = new HashMap<>();
  private int paused;

  /** What the reader knows of one partition. */
  private static final class Lane {
    long latestMicros = Long.MIN_VALUE;
    long deliveredNanos;
    boolean paused;
    long pausedNanos;
    // Paused for longer than the limit: not paused again until the limit has passed once more.
    boolean exempt;
    long exemptNanos;
  }

  /**
   * The partitions to pause and to resume now; {@code overdue} are those of {@code resume} resumed
   * because they were paused longer than the limit while still ahead.
   */
  public record Changes<P>(List<P> pause, List<P> resume, List<P> overdue) {
    public boolean isEmpty() {
      return pause.isEmpty() && resume.isEmpty();
    }
  }

  /** Pacing without a limit on how long a partition stays paused. */
  public ReadPacing(long aheadMicros, long idleNanos) {
    this(aheadMicros, idleNanos, Long.MAX_VALUE);
  }

  /**
   * @param aheadMicros how far in source time a partition may be ahead of the slowest one
   * @param idleNanos how long a partition that delivers nothing still counts as the slowest
   * @param maxPauseNanos how long a partition stays paused at most: one whose events are stamped
   *     far ahead (a source clock set wrong) would otherwise wait as long as the others deliver; it
   *     is read then, and not paused again for as long
   */
  public ReadPacing(long aheadMicros, long idleNanos, long maxPauseNanos) {
    if (aheadMicros <= 0 || idleNanos <= 0 || maxPauseNanos <= 0) {
      throw new IllegalArgumentException("the allowance and the times must be positive");
    }
    this.aheadMicros = aheadMicros;
    this.idleNanos = idleNanos;
    this.maxPauseNanos = maxPauseNanos;
  }

  /**
   * The reader was given a partition: until it delivers an event (or stays idle for the idle time)
   * its place in source time is unknown, and every partition that has delivered is taken to be
   * ahead of it.
   */
  public void assigned(P partition, long nowNanos) {
    lanes.computeIfAbsent(partition, p -> new Lane()).deliveredNanos = nowNanos;
  }

  /** An event of {@code partition} with source time {@code eventMicros} was delivered. */
  public void delivered(P partition, long eventMicros, long nowNanos) {
    Lane lane = lanes.computeIfAbsent(partition, p -> new Lane());
    if (eventMicros > lane.latestMicros) {
      lane.latestMicros = eventMicros;
    }
    lane.deliveredNanos = nowNanos;
  }

  /** The partitions to pause and to resume, as of {@code nowNanos}; they are taken as done. */
  public Changes<P> pace(long nowNanos) {
    // The floor: the slowest partition still delivering. A paused one counts (its silence is the
    // pacing's doing), so when the others go quiet it is the slowest, and resumes.
    long floor = Long.MAX_VALUE;
    for (Lane lane : lanes.values()) {
      if ((lane.paused || nowNanos - lane.deliveredNanos <= idleNanos)
          && lane.latestMicros < floor) {
        floor = lane.latestMicros;
      }
    }
    if (floor == Long.MAX_VALUE) {
      return new Changes<>(List.of(), List.of(), List.of()); // nothing delivering, nothing paused
    }
    List<P> pause = new ArrayList<>(0);
    List<P> resume = new ArrayList<>(0);
    List<P> overdue = new ArrayList<>(0);
    for (Map.Entry<P, Lane> e : lanes.entrySet()) {
      Lane lane = e.getValue();
      long ahead = ahead(lane.latestMicros, floor);
      if (lane.exempt && nowNanos - lane.exemptNanos > maxPauseNanos) {
        lane.exempt = false;
      }
      if (lane.paused && ahead <= aheadMicros / 2) {
        resume(lane, nowNanos);
        resume.add(e.getKey());
      } else if (lane.paused && nowNanos - lane.pausedNanos > maxPauseNanos) {
        resume(lane, nowNanos);
        lane.exempt = true;
        lane.exemptNanos = nowNanos;
        resume.add(e.getKey());
        overdue.add(e.getKey());
      } else if (!lane.paused && !lane.exempt && ahead > aheadMicros) {
        lane.paused = true;
        lane.pausedNanos = nowNanos;
        paused++;
        pause.add(e.getKey());
      }
    }
    return new Changes<>(pause, resume, overdue);
  }

  private void resume(Lane lane, long nowNanos) {
    lane.paused = false;
    paused--;
    // Its wait does not count as idleness: it counts as delivering from now.
    lane.deliveredNanos = nowNanos;
  }

  /**
   * How far a partition whose latest event is at {@code latest} is ahead of the floor: nothing for
   * a partition that has delivered nothing, everything when the floor is such a partition.
   */
  private static long ahead(long latest, long floor) {
    if (latest == Long.MIN_VALUE) {
      return 0;
    }
    if (floor == Long.MIN_VALUE) {
      return Long.MAX_VALUE;
    }
    long d = latest - floor;
    // Times this far apart (not real ones) would overflow: saturate.
    return ((latest ^ floor) & (latest ^ d)) < 0 ? (latest > floor ? Long.MAX_VALUE : 0) : d;
  }

  /** Resumes every paused partition (pacing is not needed for now); returns them. */
  public List<P> releaseAll(long nowNanos) {
    List<P> out = new ArrayList<>(paused);
    for (Map.Entry<P, Lane> e : lanes.entrySet()) {
      if (e.getValue().paused) {
        resume(e.getValue(), nowNanos);
        out.add(e.getKey());
      }
    }
    return out;
  }

  /** Whether some partition is paused (the reader should look again within the idle time). */
  public boolean pausing() {
    return paused > 0;
  }

  /** How many partitions are paused. */
  public int pausedCount() {
    return paused;
  }

  /**
   * The partitions are no longer read (taken away): forgotten, paused or not. Returns those that
   * were paused, for the reader to resume while it still can (it may be given them again).
   */
  public List<P> forget(Collection<P> partitions) {
    List<P> wasPaused = new ArrayList<>(0);
    for (P p : partitions) {
      Lane lane = lanes.remove(p);
      if (lane != null && lane.paused) {
        paused--;
        wasPaused.add(p);
      }
    }
    return wasPaused;
  }
}
