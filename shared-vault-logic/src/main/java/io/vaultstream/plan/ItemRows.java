package io.vaultstream.plan;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.NamedValues;
import io.vaultstream.event.Problem;
import io.vaultstream.hash.CanonicalText;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.keymap.KeyTimelines;
import io.vaultstream.model.ForeignKey;
import io.vaultstream.model.Hub;
import io.vaultstream.model.Link;
import io.vaultstream.model.ReferenceTable;
import io.vaultstream.model.Satellite;
import io.vaultstream.model.VaultModel;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The vault rows of one planned event: hub rows from its business keys, link rows ({@link
 * LinkRows}), satellite and reference rows with their deterministic load times (their hash diffs
 * are the writer's).
 */
final class ItemRows {
  private final VaultModel model;
  private final HashKeyCalculator hasher;
  private final Map<String, SourceIndex> index;
  private final ParentReach reaches;
  private final SatelliteRows satelliteRows;
  private final TrackingRows tracking;
  private final LinkRows links;
  // The shared names of the maps of each of the model's attribute lists, found by the list itself
  // (built here, read only afterwards).
  private final Map<List<String>, Attributes> attributeNames = new IdentityHashMap<>();
  // The shared names of each hub's rows (its business key columns), by hub name; none for a hub
  // whose key names a column twice (built here, read only afterwards).
  private final Map<String, NamedValues.Names> hubNames = new HashMap<>();

  /** One attribute list's shared names, and its columns as read from row images. */
  private record Attributes(NamedValues.Names names, RowColumns columns) {}

  ItemRows(VaultModel model, HashKeyCalculator hasher, Map<String, SourceIndex> index) {
    this.model = model;
    this.hasher = hasher;
    this.index = index;
    this.reaches = new ParentReach(hasher);
    this.satelliteRows = new SatelliteRows(model, this, reaches);
    this.tracking = new TrackingRows(model, hasher, index);
    this.links = new LinkRows(model, hasher, reaches, this);
    model
        .hubs()
        .values()
        .forEach(h -> hubNames.put(h.name(), NamedValues.Names.of(h.businessKey())));
    for (SourceIndex si : index.values()) {
      nameList(si.defaultAttributes());
      si.satellites().forEach(sat -> nameList(sat.columns()));
      si.referenceTables().forEach(ref -> nameList(ref.columns()));
      si.links().forEach(link -> nameList(link.columns()));
    }
  }

  private void nameList(List<String> columns) {
    NamedValues.Names names = columns == null ? null : NamedValues.Names.of(columns);
    if (names != null) {
      attributeNames.put(columns, new Attributes(names, new RowColumns(columns)));
    }
  }

  /** Adds the parent rows the mappings around tracked items reach (see {@link TrackingRows}). */
  void trackedParents(
      List<PlanItem> items, KeyTimelines timelines, Map<String, Set<String>> parents) {
    tracking.parents(items, timelines, parents);
  }

  /** Whether events of this source feed an effectivity or status satellite. */
  boolean tracks(String source) {
    return tracking.tracks(source);
  }

  /**
   * Adds the rows of one planned event to the plan, in this order: hubs of its own business keys,
   * hubs its foreign keys carry, links, satellites, effectivity and status rows, reference tables.
   */
  void rowsOf(PlanItem it, KeyTimelines timelines, BatchPlan plan, LoadTimes taken) {
    SourceIndex si = it.source();
    String rsrc = si.recordSource();
    Map<String, String> ownHubKeys = hubRows(it, si, plan, rsrc);
    carriedHubRows(it, si, plan, rsrc);
    Map<String, String> linkKeys = new HashMap<>(BatchPlanner.capacity(si.links().size()));
    for (Link link : si.links()) {
      String lk = links.row(it, link, timelines, plan, rsrc);
      if (lk != null) {
        linkKeys.put(link.name(), lk);
      }
    }
    for (Satellite sat : si.satellites()) {
      if (sat.via() != null || sat.multiActive()) {
        satelliteRows.rowsOf(it, sat, ownHubKeys, linkKeys, timelines, plan, taken, rsrc);
      } else {
        satelliteRow(it, sat, ownHubKeys, linkKeys, plan, taken, rsrc);
      }
    }
    tracking.rowsOf(it, timelines, plan, taken, ownHubKeys, linkKeys);
    referenceRows(it, si, plan, taken, rsrc);
  }

  /** The rows of the hubs of the event's own business keys; returns their hash keys by hub. */
  private Map<String, String> hubRows(PlanItem it, SourceIndex si, BatchPlan plan, String rsrc) {
    ChangeEvent e = it.event();
    String source = e.sourceTable();
    Map<String, String> ownHubKeys = new HashMap<>(BatchPlanner.capacity(si.hubs().size()));
    for (Hub hub : it.linksOnly() ? List.<Hub>of() : si.hubs()) {
      List<String> bk = BusinessKeys.values(it.keys(), hub.sources().get(source));
      String hk = BusinessKeys.allNull(bk) ? null : BusinessKeys.hubKey(hasher, hub, bk);
      if (hk == null) {
        plan.problems.add(
            Problem.of(
                e,
                Problem.NULL_BUSINESS_KEY,
                hub.name(),
                "business key "
                    + hub.sources().get(source)
                    + " of "
                    + source
                    + " "
                    + it.pk()
                    + (BusinessKeys.allNull(bk)
                        ? " is NULL"
                        : " is blank, which the hashing profile takes as NULL")));
        continue;
      }
      ownHubKeys.put(hub.name(), hk);
      plan.offer(hub.name(), new VaultRow(hk, hubValues(hub, bk), e.eventTimeMicros(), rsrc));
    }
    return ownHubKeys;
  }

  private Map<String, String> hubValues(Hub hub, List<String> bk) {
    return BusinessKeys.hubValues(hub, hubNames.get(hub.name()), bk);
  }

  /** The rows of the hubs whose business keys the event's foreign keys carry. */
  private void carriedHubRows(PlanItem it, SourceIndex si, BatchPlan plan, String rsrc) {
    for (ForeignKey fk : si.foreignKeys()) {
      Optional<Hub> carried = si.carried().get(fk.name());
      List<String> bk = BusinessKeys.values(it.keys(), fk.columns());
      if (carried.isPresent() && !BusinessKeys.allNull(bk) && !it.linksOnly()) {
        Hub hub = carried.get();
        String hk = BusinessKeys.hubKey(hasher, hub, bk);
        if (hk != null) {
          plan.offer(
              hub.name(), new VaultRow(hk, hubValues(hub, bk), it.event().eventTimeMicros(), rsrc));
        }
      }
    }
  }

  /** The version of a satellite of the event's own hub or link (not via, not multi-active). */
  private void satelliteRow(
      PlanItem it,
      Satellite sat,
      Map<String, String> ownHubKeys,
      Map<String, String> linkKeys,
      BatchPlan plan,
      LoadTimes taken,
      String rsrc) {
    ChangeEvent e = it.event();
    boolean hubParent = model.hubs().containsKey(sat.parent());
    String parent = hubParent ? ownHubKeys.get(sat.parent()) : linkKeys.get(sat.parent());
    if (parent == null
        || (hubParent && it.linksOnly())
        || (!e.operation().carriesRow() && !sat.deleteTracking())) {
      return;
    }
    history(
        plan, taken, sat.name(), List.of(parent), e, rsrc, sat.columns(), AuditValues.of(e, sat));
  }

  /** The versions of the reference tables the event's source feeds. */
  private void referenceRows(
      PlanItem it, SourceIndex si, BatchPlan plan, LoadTimes taken, String rsrc) {
    ChangeEvent e = it.event();
    for (ReferenceTable ref : it.linksOnly() ? List.<ReferenceTable>of() : si.referenceTables()) {
      List<String> code = BusinessKeys.values(it.keys(), ref.code());
      if (code.contains(null)) {
        plan.problems.add(
            Problem.of(
                e, Problem.NULL_BUSINESS_KEY, ref.name(), "code " + ref.code() + " is NULL"));
        continue;
      }
      history(plan, taken, ref.name(), code, e, rsrc, ref.columns());
    }
  }

  void history(
      BatchPlan plan,
      LoadTimes taken,
      String table,
      List<String> key,
      ChangeEvent e,
      String rsrc,
      List<String> declared,
      Map<String, String> audit) {
    long t = taken.firstFree(table, key, e.eventTimeMicros());
    boolean delete = !e.operation().carriesRow();
    Map<String, String> attrs = delete ? null : attributes(e, declared);
    plan.add(table, new HistoryRow(key, t, rsrc, delete, attrs, audit, e.eventTimeMicros()));
  }

  void history(
      BatchPlan plan,
      LoadTimes taken,
      String table,
      List<String> key,
      ChangeEvent e,
      String rsrc,
      List<String> declared) {
    history(plan, taken, table, key, e, rsrc, declared, Map.of());
  }

  /** Attribute values: the declared columns, or every non-key column of the row. */
  Map<String, String> attributes(ChangeEvent e, List<String> declared) {
    List<String> cols =
        declared != null ? declared : index.get(e.sourceTable()).defaultAttributes();
    if (cols != null) {
      Attributes known = attributeNames.get(cols);
      if (known != null) {
        return new NamedValues<>(known.names(), known.columns().texts(e));
      }
      Map<String, String> out = new LinkedHashMap<>(BatchPlanner.capacity(cols.size()));
      for (int i = 0; i < cols.size(); i++) {
        out.put(cols.get(i), CanonicalText.of(e.get(cols.get(i))));
      }
      return out;
    }
    Map<String, String> out = new LinkedHashMap<>();
    List<String> keys = index.get(e.sourceTable()).keyColumns();
    e.row()
        .forEach(
            (c, v) -> {
              if (!keys.contains(c)) {
                out.put(c, CanonicalText.of(v));
              }
            });
    return out;
  }
}
