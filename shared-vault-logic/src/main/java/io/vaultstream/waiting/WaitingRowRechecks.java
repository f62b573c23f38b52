package io.vaultstream.waiting;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.plan.Recheck;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The stored rows one batch rechecks, as {@code WaitingCycle.findRechecks} finds them: waiting and
 * unresolved error rows whose parent may be known now, and the error rows whose retention ran out.
 *
 * @param rechecks how each of their events is planned again, in the order found
 * @param rows the row each rechecked event comes from (by identity)
 * @param expired the error rows the sweep took for their expiry (deleted already)
 * @param sweep whether the batch runs the sweep
 */
public record WaitingRowRechecks(
    List<Recheck> rechecks,
    Map<ChangeEvent, WaitingRow> rows,
    List<WaitingRow> expired,
    boolean sweep) {
  /** No row to recheck, and no sweep. */
  public static final WaitingRowRechecks NONE =
      new WaitingRowRechecks(List.of(), Map.of(), List.of(), false);

  /** Keeps {@code rows} as given (an identity map), read-only. */
  public WaitingRowRechecks {
    rechecks = List.copyOf(rechecks);
    rows = Collections.unmodifiableMap(rows);
    expired = List.copyOf(expired);
  }
}
