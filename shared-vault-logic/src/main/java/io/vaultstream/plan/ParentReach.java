package io.vaultstream.plan;

import io.vaultstream.event.Problem;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.keymap.KeyText;
import io.vaultstream.keymap.KeyTimelines;
import io.vaultstream.model.ForeignKey;
import io.vaultstream.model.Hub;
import io.vaultstream.model.LinkEnd;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The business key of a hub as one event reaches it: its own columns, the columns its foreign key
 * carries, or the parent row's business key as of the event's time (through the key map); the null
 * or unknown ghost's key; or why there is none (a NULL key, a parent not known yet).
 */
final class ParentReach {
  private final HashKeyCalculator hasher;

  ParentReach(HashKeyCalculator hasher) {
    this.hasher = hasher;
  }

  /**
   * A hub's business key as reached by one event: values and the hub's hash key (a ghost's, or the
   * key of the values), or why there are none.
   */
  record Reach(
      List<String> businessKey,
      String hubKey,
      String problemCode,
      String problem,
      String refSource,
      String refPk) {
    static Reach of(List<String> bk, String hubKey) {
      return new Reach(bk, hubKey, null, null, null, null);
    }

    static Reach failed(String code, String message) {
      return new Reach(null, null, code, message, null, null);
    }
  }

  /**
   * The business key of {@code hub} at one end of a link, as the event reaches it: its own columns
   * when the end has no foreign key, else through the foreign key {@code end.via()}.
   */
  Reach reach(PlanItem it, LinkEnd end, Hub hub, KeyTimelines timelines, BatchPlan plan) {
    String source = it.event().sourceTable();
    if (end.via() == null) {
      List<String> bk = BusinessKeys.values(it.keys(), hub.sources().get(source));
      String hk = BusinessKeys.allNull(bk) ? null : BusinessKeys.hubKey(hasher, hub, bk);
      return hk == null
          ? Reach.failed(
              Problem.NULL_BUSINESS_KEY, "business key " + hub.sources().get(source) + " is NULL")
          : Reach.of(bk, hk);
    }
    SourceIndex si = it.source();
    ForeignKey fk = si.table().foreignKeys().get(end.via());
    List<String> fkValues = BusinessKeys.values(it.keys(), fk.columns());
    if (fkValues.contains(null)) {
      return ghost(hub, null, hasher.nullKey());
    }
    if (si.carried().get(fk.name()).filter(h -> h.name().equals(hub.name())).isPresent()) {
      return Reach.of(fkValues, BusinessKeys.hubKey(hasher, hub, fkValues));
    }
    return throughKeyMap(it, fk, fkValues, hub, timelines, plan);
  }

  /** A ghost record's key: every business key column the same value. */
  private static Reach ghost(Hub hub, String value, String hubKey) {
    List<String> bk = new ArrayList<>();
    hub.businessKey().forEach(c -> bk.add(value));
    return new Reach(bk, hubKey, null, null, null, null);
  }

  /**
   * The parent row's business key as of the event's time, read from the key map (or this batch's
   * rows); the unknown ghost's for a recheck whose wait ran out; else why there is none.
   */
  private Reach throughKeyMap(
      PlanItem it,
      ForeignKey fk,
      List<String> fkValues,
      Hub hub,
      KeyTimelines timelines,
      BatchPlan plan) {
    String parentPk = KeyText.pk(fkValues);
    Map<String, String> parent =
        timelines.at(fk.references(), parentPk, it.event().eventTimeMicros());
    if (parent == null && it.unknownParent()) {
      plan.unknownParents.add(it.event());
      return ghost(hub, HashKeyCalculator.UNKNOWN_VALUE, hasher.unknownKey());
    }
    if (parent == null) {
      return notKnownYet(it, fk, parentPk);
    }
    Reached known = plan.reached(parent);
    for (Reached r = known; r != null; r = r.next()) {
      if (r.hub() == hub) {
        return r.reach();
      }
    }
    List<String> bk = BusinessKeys.values(parent, hub.sources().get(fk.references()));
    String hk = BusinessKeys.allNull(bk) ? null : BusinessKeys.hubKey(hasher, hub, bk);
    if (hk == null) {
      return Reach.failed(
          Problem.NULL_BUSINESS_KEY,
          "the "
              + fk.references()
              + " row "
              + parentPk
              + " has a NULL business key for "
              + hub.name());
    }
    Reach reach = Reach.of(bk, hk);
    plan.reached(parent, new Reached(hub, reach, known));
    return reach;
  }

  /**
   * A hub's business key as reached through one parent row's key values; {@code next}, the same
   * row's for another hub. A batch keeps them by the key values' map itself (each key map entry and
   * each event's own keys one such map), as children of one parent row reach the same key.
   */
  record Reached(Hub hub, Reach reach, Reached next) {}

  /** The event waits: the parent row its foreign key names is not known yet. */
  private static Reach notKnownYet(PlanItem it, ForeignKey fk, String parentPk) {
    return new Reach(
        null,
        null,
        Problem.UNRESOLVED_REFERENCE,
        "foreign key '"
            + fk.name()
            + "' "
            + fk.columns()
            + " = "
            + parentPk
            + " of "
            + it.event().sourceTable()
            + " "
            + it.pk()
            + ": no "
            + fk.references()
            + " row with that key is known yet",
        fk.references(),
        parentPk);
  }
}
