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
  private final Map<String, SourceIndex> index;

  ParentReach(HashKeyCalculator hasher, Map<String, SourceIndex> index) {
    this.hasher = hasher;
    this.index = index;
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

  Reach reach(PlanItem it, LinkEnd end, Hub hub, KeyTimelines timelines, BatchPlan plan) {
    String source = it.event().sourceTable();
    if (end.via() == null) {
      List<String> bk = ItemRows.values(it.keys(), hub.sources().get(source));
      String hk = ItemRows.allNull(bk) ? null : ItemRows.hubKey(hasher, hub, bk);
      return hk == null
          ? Reach.failed(
              Problem.NULL_BUSINESS_KEY, "business key " + hub.sources().get(source) + " is NULL")
          : Reach.of(bk, hk);
    }
    SourceIndex si = index.get(source);
    ForeignKey fk = si.table().foreignKeys().get(end.via());
    List<String> fkValues = ItemRows.values(it.keys(), fk.columns());
    if (fkValues.contains(null)) {
      List<String> nulls = new ArrayList<>();
      hub.businessKey().forEach(c -> nulls.add(null));
      return new Reach(nulls, hasher.nullKey(), null, null, null, null);
    }
    if (si.carried().get(fk.name()).filter(h -> h.name().equals(hub.name())).isPresent()) {
      return Reach.of(fkValues, ItemRows.hubKey(hasher, hub, fkValues));
    }
    String parentPk = KeyText.pk(fkValues);
    Map<String, String> parent =
        timelines.at(fk.references(), parentPk, it.event().eventTimeMicros());
    if (parent == null && it.unknownParent()) {
      plan.unknownParents.add(it.event());
      List<String> unknown = new ArrayList<>();
      hub.businessKey().forEach(c -> unknown.add(HashKeyCalculator.UNKNOWN_VALUE));
      return new Reach(unknown, hasher.unknownKey(), null, null, null, null);
    }
    if (parent == null) {
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
              + source
              + " "
              + it.pk()
              + ": no "
              + fk.references()
              + " row with that key is known yet",
          fk.references(),
          parentPk);
    }
    List<String> bk = ItemRows.values(parent, hub.sources().get(fk.references()));
    String hk = ItemRows.allNull(bk) ? null : ItemRows.hubKey(hasher, hub, bk);
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
    return Reach.of(bk, hk);
  }
}
