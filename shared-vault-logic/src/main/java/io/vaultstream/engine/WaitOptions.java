package io.vaultstream.engine;

import io.vaultstream.waiting.WaitingPolicy;
import java.io.Serializable;

/**
 * The part of {@link VaultOptions} that says how long rows wait for their parents: the watermark,
 * the error rows' retention and what happens after it, the sweep, and waiting events held in
 * memory.
 */
public final class WaitOptions implements Serializable {
  private static final long serialVersionUID = 1L;

  private final long watermarkSeconds;
  private final long errorRetentionSeconds;
  private final VaultOptions.ExpiredReferences expiredReferences;
  private final long sweepIntervalMs;
  private final int sweepPageRows;
  private final long holdWaitsMs;
  private final int holdWaitsMaxEvents;
  private final long holdWaitsMaxBytes;

  WaitOptions(VaultOptionsBuilder b) {
    this.watermarkSeconds = b.watermarkSeconds;
    this.errorRetentionSeconds = b.errorRetentionSeconds;
    this.expiredReferences = b.expiredReferences;
    this.sweepIntervalMs = b.sweepIntervalMs;
    this.sweepPageRows = b.sweepPageRows;
    this.holdWaitsMs = b.holdWaitsMs;
    this.holdWaitsMaxEvents = b.holdWaitsMaxEvents;
    this.holdWaitsMaxBytes = b.holdWaitsMaxBytes;
  }

  /** What the waiting rows' cycle needs of these options. */
  public WaitingPolicy waitingPolicy() {
    return new WaitingPolicy(
        watermarkSeconds,
        errorRetentionSeconds,
        expiredReferences == VaultOptions.ExpiredReferences.UNKNOWN,
        sweepIntervalMs,
        sweepPageRows);
  }

  /** Seconds a row waits for its parent before it goes to the error table (WATER_MARK_SIZE). */
  public long watermarkSeconds() {
    return watermarkSeconds;
  }

  /**
   * Seconds an unresolved error row is rechecked before it is released
   * (ERROR_RECORD_RETENTION_TIME).
   */
  public long errorRetentionSeconds() {
    return errorRetentionSeconds;
  }

  /** What happens to references unresolved after the retention time. */
  public VaultOptions.ExpiredReferences expiredReferences() {
    return expiredReferences;
  }

  /**
   * How often waiting rows are checked against the whole key map and the watermark and retention
   * applied (parents arriving in a batch are matched at every flush regardless).
   */
  public long sweepIntervalMs() {
    return sweepIntervalMs;
  }

  /**
   * At most this many rows of the waiting table, and of the error table, are read by one sweep (and
   * at most this many expired error rows released by it); the next sweep reads on from there.
   */
  public int sweepPageRows() {
    return sweepPageRows;
  }

  /**
   * How long an event waiting for a parent is kept in memory, rechecked with each batch, before it
   * becomes a waiting row (0, the default: at once). Holding suits a single caller that can keep
   * the source position of held events from being committed (the Connect task); see {@link
   * LoadResult#positions()}. Never more than half the watermark, so a held event still reaches the
   * error table in time.
   */
  public long holdWaitsMs() {
    return Math.min(holdWaitsMs, watermarkSeconds * 500L);
  }

  /** At most this many events are held in memory; waits beyond it become waiting rows at once. */
  public int holdWaitsMaxEvents() {
    return holdWaitsMaxEvents;
  }

  /**
   * At most about this many bytes of events are held in memory (estimated from each event's row,
   * see {@code WaitingHeldSize}); waits beyond it become waiting rows at once.
   */
  public long holdWaitsMaxBytes() {
    return holdWaitsMaxBytes;
  }
}
