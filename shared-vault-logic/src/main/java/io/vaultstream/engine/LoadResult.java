package io.vaultstream.engine;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.event.Progress;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one flush did.
 *
 * @param rowsWritten rows inserted or updated per vault table (new events and rechecked ones)
 * @param problems the new events' rows that did not load, with the reason
 * @param waiting events of this batch whose link rows now wait for a parent
 * @param resolved waiting or error rows whose parent arrived and that are now loaded
 * @param movedToErrors waiting rows moved to the error table because the watermark passed
 * @param releasedToUnknown error rows loaded against the unknown ghost after the retention time
 * @param dropped rows dropped after the retention time (by option, or deletes of unknown rows)
 * @param errors new rows in the error table
 * @param held events waiting for a parent that are held in memory after this flush (see {@link
 *     VaultOptions#holdWaitsMs()})
 * @param positions the consumer positions stored with this flush: the next offset of each
 *     partition, but no further than its earliest event held in memory; what a runtime may commit
 * @param changesSetAside updates and deletes of non-historized links' sources that the links did
 *     not take (error rows, which {@code errors} counts too, and ignored changes)
 * @param rechecked the problems of events this batch planned again from memory (held, see {@link
 *     VaultOptions#holdWaitsMs()}), which an earlier batch reported as waiting: a reference still
 *     unresolved, or a row refused now that the reference resolved (events planned again from the
 *     waiting table are not among them)
 * @param heldEvents the events held in memory after this flush, by identity
 */
public record LoadResult(
    int events,
    Map<String, Integer> rowsWritten,
    List<Problem> problems,
    int waiting,
    int resolved,
    int movedToErrors,
    int releasedToUnknown,
    int dropped,
    int errors,
    long millis,
    int held,
    List<Progress.Position> positions,
    int changesSetAside,
    List<Problem> rechecked,
    Set<ChangeEvent> heldEvents) {
  /**
   * A result with nothing but problems: the events of a batch loaded in parts that the database
   * refused on their own, with the events held in memory after the last part.
   */
  static LoadResult refusedOnly(List<Problem> problems, int held, Set<ChangeEvent> heldEvents) {
    return new LoadResult(
        0,
        Map.of(),
        List.copyOf(problems),
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        held,
        List.of(),
        0,
        List.of(),
        heldEvents);
  }

  /** Total vault rows written. */
  public int totalRows() {
    return rowsWritten.values().stream().mapToInt(Integer::intValue).sum();
  }

  /** This result and a later one (of the same flush, loaded in parts) together. */
  LoadResult plus(LoadResult o) {
    Map<String, Integer> rows = new java.util.LinkedHashMap<>(rowsWritten);
    o.rowsWritten.forEach((k, v) -> rows.merge(k, v, Integer::sum));
    List<Problem> all = new java.util.ArrayList<>(problems);
    all.addAll(o.problems);
    List<Problem> allRechecked = new java.util.ArrayList<>(rechecked);
    allRechecked.addAll(o.rechecked);
    return new LoadResult(
        events + o.events,
        rows,
        all,
        waiting + o.waiting,
        resolved + o.resolved,
        movedToErrors + o.movedToErrors,
        releasedToUnknown + o.releasedToUnknown,
        dropped + o.dropped,
        errors + o.errors,
        millis + o.millis,
        o.held,
        concat(positions, o.positions),
        changesSetAside + o.changesSetAside,
        allRechecked,
        o.heldEvents);
  }

  private static List<Progress.Position> concat(
      List<Progress.Position> a, List<Progress.Position> b) {
    List<Progress.Position> out = new java.util.ArrayList<>(a);
    out.addAll(b); // later positions of a partition come last
    return out;
  }
}
