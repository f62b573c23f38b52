package io.vaultstream.waiting;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;

/**
 * An event waiting for a parent that is held in memory (see {@code WaitingHold}), with the first
 * parent it waits for, since when, and about how many bytes it keeps ({@link WaitingHeldSize}).
 */
public record WaitingHeldEvent(Problem problem, long sinceMicros, long bytes) {
  public ChangeEvent event() {
    return problem.event();
  }

  /** Whether only its links wait, so that a recheck plans its links only. */
  public boolean linksOnly() {
    return WaitingRow.linksOnly(problem);
  }
}
