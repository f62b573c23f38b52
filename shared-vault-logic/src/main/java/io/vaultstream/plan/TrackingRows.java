package io.vaultstream.plan;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.keymap.KeyText;
import io.vaultstream.keymap.KeyTimelines;
import io.vaultstream.model.EffectivitySatellite;
import io.vaultstream.model.ForeignKey;
import io.vaultstream.model.Hub;
import io.vaultstream.model.Link;
import io.vaultstream.model.LinkEnd;
import io.vaultstream.model.StatusSatellite;
import io.vaultstream.model.VaultModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * The versions of effectivity and status satellites an event writes: its own key (a link key, or a
 * hub key) active from the event's time, or inactive for a delete; and, from the key map, the key
 * of the row's mapping before the event, ended at the event's time when it differs, and the key of
 * the row's next mapping (an event processed earlier though it happened later), which ends this
 * event's key at its time. Each is an ordinary history row with one attribute, {@code is_active},
 * so the satellite merge keeps only changes, skips replays and orders late versions.
 */
final class TrackingRows {
  private static final String ACTIVE = "true";
  private static final String INACTIVE = "false";

  private final VaultModel model;
  private final HashKeyCalculator hasher;
  private final Map<String, SourceIndex> index;
  private final ParentReach reaches;
  private final Map<String, List<EffectivitySatellite>> effectivity = new HashMap<>();
  private final Map<String, List<StatusSatellite>> status = new HashMap<>();

  TrackingRows(VaultModel model, HashKeyCalculator hasher, Map<String, SourceIndex> index) {
    this.model = model;
    this.hasher = hasher;
    this.index = index;
    this.reaches = new ParentReach(hasher);
    for (String source : model.sources().keySet()) {
      List<EffectivitySatellite> e = model.effectivitySatellitesOf(source);
      List<StatusSatellite> s = model.statusSatellitesOf(source);
      if (!e.isEmpty()) {
        effectivity.put(source, e);
      }
      if (!s.isEmpty()) {
        status.put(source, s);
      }
    }
  }

  /**
   * Whether events of this source feed an effectivity or status satellite whose keys a row can
   * change (so its mappings before and after an event are needed).
   */
  boolean tracks(String source) {
    return (effectivity.containsKey(source) || status.containsKey(source))
        && index.get(source).needsKeyMap();
  }

  /**
   * Adds the parent rows (source to primary keys) that the mappings just before and after each
   * tracked item reach through a foreign key, so their link keys can be computed.
   */
  void parents(List<PlanItem> items, KeyTimelines timelines, Map<String, Set<String>> parents) {
    for (PlanItem it : items) {
      String source = it.event().sourceTable();
      if (!effectivity.containsKey(source) || !tracks(source)) {
        continue;
      }
      long t = it.event().eventTimeMicros();
      addParents(it.source(), timelines.before(source, it.pk(), t), parents);
      addParents(it.source(), timelines.after(source, it.pk(), t), parents);
    }
  }

  private static void addParents(
      SourceIndex si, Map.Entry<Long, Map<String, String>> mapping, Map<String, Set<String>> out) {
    if (mapping == null) {
      return;
    }
    for (ForeignKey fk : si.foreignKeys()) {
      if (si.carried().get(fk.name()).isEmpty()) {
        List<String> vals = BusinessKeys.values(mapping.getValue(), fk.columns());
        if (!vals.contains(null)) {
          out.computeIfAbsent(fk.references(), s -> new HashSet<>()).add(KeyText.pk(vals));
        }
      }
    }
  }

  /**
   * Adds the event's versions.
   *
   * @param hubKeys the event's own hub keys (none when only its links are loaded)
   * @param linkKeys the event's link keys that could be computed
   */
  void rowsOf(
      PlanItem it,
      KeyTimelines timelines,
      BatchPlan plan,
      LoadTimes taken,
      Map<String, String> hubKeys,
      Map<String, String> linkKeys) {
    String source = it.event().sourceTable();
    if (!it.linksOnly()) {
      for (StatusSatellite s : status.getOrDefault(source, List.of())) {
        Hub hub = model.hubs().get(s.parent());
        track(
            it,
            timelines,
            plan,
            taken,
            s.name(),
            hubKeys.get(hub.name()),
            (keys, at) -> hubKey(hub, source, keys));
      }
    }
    if (it.unknownParent()) {
      // A relationship to the unknown ghost is no relationship to end or begin: the event is
      // planned again when its parent arrives.
      return;
    }
    for (EffectivitySatellite e : effectivity.getOrDefault(source, List.of())) {
      Link link = model.links().get(e.link());
      track(
          it,
          timelines,
          plan,
          taken,
          e.name(),
          linkKeys.get(link.name()),
          (keys, at) -> linkKey(it, link, keys, at, timelines));
    }
  }

  private void track(
      PlanItem it,
      KeyTimelines timelines,
      BatchPlan plan,
      LoadTimes taken,
      String table,
      String key,
      BiFunction<Map<String, String>, Long, String> keyOf) {
    ChangeEvent e = it.event();
    long t = e.eventTimeMicros();
    String rsrc = it.source().recordSource();
    if (key == null) {
      return;
    }
    if (!e.operation().carriesRow()) {
      add(plan, taken, table, key, t, INACTIVE, rsrc);
      return;
    }
    add(plan, taken, table, key, t, ACTIVE, rsrc);
    if (!it.source().needsKeyMap()) {
      return; // every key column is in the primary key: a row's key never changes
    }
    Map.Entry<Long, Map<String, String>> prev = timelines.before(e.sourceTable(), it.pk(), t);
    if (prev != null) {
      String old = keyOf.apply(prev.getValue(), prev.getKey());
      if (old != null && !old.equals(key)) {
        add(plan, taken, table, old, t, INACTIVE, rsrc);
      }
    }
    Map.Entry<Long, Map<String, String>> next = timelines.after(e.sourceTable(), it.pk(), t);
    if (next != null) {
      String later = keyOf.apply(next.getValue(), next.getKey());
      if (later != null && !later.equals(key)) {
        add(plan, taken, table, key, next.getKey(), INACTIVE, rsrc);
        add(plan, taken, table, later, next.getKey(), ACTIVE, rsrc);
      }
    }
  }

  /** Adds a version once per batch (the event before and the event after both name a change). */
  private static void add(
      BatchPlan plan,
      LoadTimes taken,
      String table,
      String key,
      long t,
      String active,
      String rsrc) {
    if (taken.take(table, key, active, t)) {
      plan.add(
          table,
          new HistoryRow(
              List.of(key), t, rsrc, false, Map.of(EffectivitySatellite.IS_ACTIVE, active)));
    }
  }

  private String hubKey(Hub hub, String source, Map<String, String> keys) {
    List<String> bk = BusinessKeys.values(keys, hub.sources().get(source));
    return BusinessKeys.allNull(bk) ? null : BusinessKeys.hubKey(hasher, hub, bk);
  }

  /**
   * The link key a mapping of the row gives, with parents as of the mapping's time; null when a
   * parent is not known (that relationship was never loaded either).
   */
  private String linkKey(
      PlanItem it, Link link, Map<String, String> keys, long at, KeyTimelines timelines) {
    ChangeEvent e = it.event();
    ChangeEvent then =
        new ChangeEvent(
            e.sourceTable(), e.operation(), e.row(), at, e.position(), e.rawKey(), e.rawValue());
    PlanItem other = new PlanItem(then, it.source(), it.pk(), keys, false, false);
    BatchPlan scratch = new BatchPlan();
    List<String> hashInput = new ArrayList<>();
    for (LinkEnd end : link.hubs()) {
      Hub hub = model.hubs().get(end.hub());
      ParentReach.Reach r = reaches.reach(other, end, hub, timelines, scratch);
      if (r.problem() != null) {
        return null;
      }
      if (hub.collisionCode() != null) {
        hashInput.add(hub.collisionCode());
      }
      hashInput.addAll(r.businessKey());
    }
    for (String c : link.dependentChildKey()) {
      hashInput.add(keys.get(c));
    }
    return hasher.hashKey(hashInput);
  }
}
