package io.vaultstream.waiting;

/**
 * How long waiting rows and error rows wait, and how the sweep reads them: the part of the engine's
 * options that the waiting rows' cycle needs, as one immutable value.
 *
 * @param watermarkSeconds how long a child waits for its parent before it becomes an error row
 * @param errorRetentionSeconds how long an unresolved error row is rechecked before it is released
 * @param expiredToUnknown whether a released row loads against the unknown ghost (else it is
 *     dropped)
 * @param sweepIntervalMs how often every waiting and error row whose parent is known is rechecked
 * @param sweepPageRows at most this many rows of each table are read by one sweep
 */
public record WaitingPolicy(
    long watermarkSeconds,
    long errorRetentionSeconds,
    boolean expiredToUnknown,
    long sweepIntervalMs,
    int sweepPageRows) {}
