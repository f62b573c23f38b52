package io.vaultstream.plan;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Operation;
import io.vaultstream.event.Problem;
import io.vaultstream.hash.CanonicalText;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.keymap.KeyMapReader;
import io.vaultstream.keymap.KeyText;
import io.vaultstream.keymap.KeyTimelines;
import io.vaultstream.model.ForeignKey;
import io.vaultstream.model.Hub;
import io.vaultstream.model.Link;
import io.vaultstream.model.LinkEnd;
import io.vaultstream.model.ReferenceTable;
import io.vaultstream.model.Satellite;
import io.vaultstream.model.SourceTable;
import io.vaultstream.model.VaultModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns a batch of change events into vault rows: completes deletes' keys from the key map,
 * resolves foreign keys to business keys as of each event's time, computes hash keys and assigns
 * deterministic load times.
 */
public final class BatchPlanner {
  private final VaultModel model;
  private final HashKeyCalculator hasher;
  private final Map<String, SourceIndex> index;

  public BatchPlanner(VaultModel model, HashKeyCalculator hasher) {
    this.model = model;
    this.hasher = hasher;
    this.index = SourceIndex.of(model);
  }

  /** An event with its key values completed (from the row, or the key map for deletes). */
  private record Item(
      ChangeEvent event,
      String pk,
      Map<String, String> keys,
      boolean linksOnly,
      boolean unknownParent) {}

  /** Plans a batch; reads the key map only through {@code reader}, one query per source. */
  public BatchPlan plan(List<ChangeEvent> input, KeyMapReader reader) {
    return plan(input, List.of(), reader);
  }

  /** Plans new events and events retried from the waiting rows, together. */
  public BatchPlan plan(List<ChangeEvent> input, List<Retry> retries, KeyMapReader reader) {
    BatchPlan plan = new BatchPlan();
    plan.events = input.size();
    Map<ChangeEvent, Retry> retried = new java.util.IdentityHashMap<>();
    retries.forEach(r -> retried.put(r.event(), r));
    List<ChangeEvent> events = new ArrayList<>(input);
    retries.forEach(r -> events.add(r.event()));
    events.sort(ChangeEvent.SOURCE_ORDER);

    // Each loop is a method of its own, and each loop body too: the JIT compiles them apart
    // (compiling one large method with every loop in it took seconds of a fresh worker's CPU).
    KeyTimelines timelines = new KeyTimelines();
    Map<String, Set<String>> pks = rowsToRead(events, retried);
    pks.forEach((source, keys) -> load(timelines, reader, source, keys));
    List<Item> items = items(events, retried, timelines, plan);
    Map<String, Set<String>> parents = parentKeys(items);
    parents.forEach(
        (source, keys) -> load(timelines, reader, source, timelines.missing(source, keys)));
    rows(items, timelines, plan);
    return plan;
  }

  /**
   * The rows whose key map entries the batch needs: every row an event changes, except rows an
   * insert creates (unless other events of the row need it, or a child refers to it, which the
   * parents' read covers).
   */
  private Map<String, Set<String>> rowsToRead(
      List<ChangeEvent> events, Map<ChangeEvent, Retry> retried) {
    Map<String, Set<String>> pks = new LinkedHashMap<>();
    for (ChangeEvent e : events) {
      if (e.operation() != Operation.INSERT || retried.containsKey(e)) {
        pks.computeIfAbsent(e.sourceTable(), s -> new HashSet<>()).add(pkText(e));
      }
    }
    return pks;
  }

  private List<Item> items(
      List<ChangeEvent> events,
      Map<ChangeEvent, Retry> retried,
      KeyTimelines timelines,
      BatchPlan plan) {
    List<Item> items = new ArrayList<>(events.size());
    for (ChangeEvent e : events) {
      Item it = item(e, retried.get(e), timelines, plan);
      if (it != null) {
        items.add(it);
      }
    }
    return items;
  }

  /**
   * An event with its key values (a key map entry for a new key), or null when they are unknown.
   */
  private Item item(ChangeEvent e, Retry retry, KeyTimelines timelines, BatchPlan plan) {
    String pk = pkText(e);
    boolean linksOnly = retry != null && retry.linksOnly();
    boolean unknownParent = retry != null && retry.unknownParent();
    SourceIndex si = index.get(e.sourceTable());
    if (e.operation().carriesRow()) {
      Map<String, String> keys = ownKeys(e, si);
      if (linksOnly) {
        return new Item(e, pk, keys, true, unknownParent);
      }
      long at = timelines.put(e.sourceTable(), pk, e.eventTimeMicros(), keys);
      if (at >= 0 && si.needsKeyMap()) {
        plan.keyMap.add(new BatchPlan.KeyMapEntry(e.sourceTable(), pk, at, keys));
      }
      return new Item(e, pk, keys, false, false);
    }
    // Every key column in the primary key, which a delete's before image carries: the delete
    // knows its keys itself (such rows have no key map entries to look them up in).
    Map<String, String> keys =
        si.needsKeyMap() ? timelines.at(e.sourceTable(), pk, e.eventTimeMicros()) : ownKeys(e, si);
    if (keys == null) {
      plan.problems.add(
          Problem.unresolved(
              e,
              e.sourceTable(),
              "delete of "
                  + e.sourceTable()
                  + " "
                  + pk
                  + ": the row's business key is not known yet (no earlier event of this row in the key map)",
              e.sourceTable(),
              pk));
      return null;
    }
    return new Item(e, pk, keys, linksOnly, unknownParent);
  }

  /** The key columns' values as the event's own row image holds them. */
  private static Map<String, String> ownKeys(ChangeEvent e, SourceIndex si) {
    Map<String, String> keys = new LinkedHashMap<>();
    for (String c : si.keyColumns()) {
      keys.put(c, CanonicalText.of(e.get(c)));
    }
    return keys;
  }

  /** The parent rows the items' foreign keys reach through the key map. */
  private Map<String, Set<String>> parentKeys(List<Item> items) {
    Map<String, Set<String>> parents = new LinkedHashMap<>();
    for (Item it : items) {
      addParentKeys(it, parents);
    }
    return parents;
  }

  private void addParentKeys(Item it, Map<String, Set<String>> parents) {
    SourceIndex si = index.get(it.event.sourceTable());
    for (ForeignKey fk : si.table().foreignKeys().values()) {
      if (si.carried().get(fk.name()).isEmpty()) {
        List<String> vals = values(it.keys, fk.columns());
        if (!vals.contains(null)) {
          parents.computeIfAbsent(fk.references(), s -> new HashSet<>()).add(KeyText.pk(vals));
        }
      }
    }
  }

  private void rows(List<Item> items, KeyTimelines timelines, BatchPlan plan) {
    Map<String, Set<Long>> taken = new HashMap<>();
    for (Item it : items) {
      rowsOf(it, timelines, plan, taken);
    }
  }

  /** The rows (source table to primary keys) whose new state these events carry. */
  public Map<String, Set<String>> rowKeys(List<ChangeEvent> events) {
    Map<String, Set<String>> out = new HashMap<>();
    for (ChangeEvent e : events) {
      if (e.operation().carriesRow()) {
        out.computeIfAbsent(e.sourceTable(), s -> new HashSet<>()).add(pkText(e));
      }
    }
    return out;
  }

  private static void load(
      KeyTimelines timelines, KeyMapReader reader, String source, Set<String> keys) {
    if (!keys.isEmpty()) {
      timelines.addLoaded(source, keys, reader.read(source, keys));
    }
  }

  private String pkText(ChangeEvent e) {
    SourceTable s = index.get(e.sourceTable()).table();
    List<String> vals = new ArrayList<>(s.primaryKey().size());
    for (String c : s.primaryKey()) {
      vals.add(CanonicalText.of(e.get(c)));
    }
    return KeyText.pk(vals);
  }

  private static List<String> values(Map<String, String> keys, List<String> cols) {
    List<String> out = new ArrayList<>(cols.size());
    for (String c : cols) {
      out.add(keys.get(c));
    }
    return out;
  }

  /** A hub's business key as reached by one event: values, or why there are none. */
  private record Reach(
      List<String> businessKey,
      String ghostKey,
      String problemCode,
      String problem,
      String refSource,
      String refPk) {
    static Reach of(List<String> bk) {
      return new Reach(bk, null, null, null, null, null);
    }

    static Reach failed(String code, String message) {
      return new Reach(null, null, code, message, null, null);
    }
  }

  private void rowsOf(
      Item it, KeyTimelines timelines, BatchPlan plan, Map<String, Set<Long>> taken) {
    ChangeEvent e = it.event;
    String source = e.sourceTable();
    String rsrc = model.recordSourceOf(source);
    long t = e.eventTimeMicros();

    Map<String, String> ownHubKeys = new HashMap<>();
    SourceIndex si = index.get(source);
    for (Hub hub : it.linksOnly ? List.<Hub>of() : si.hubs()) {
      List<String> bk = values(it.keys, hub.sources().get(source));
      if (allNull(bk)) {
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
                    + it.pk
                    + " is NULL"));
        continue;
      }
      String hk = hubKey(hub, bk);
      ownHubKeys.put(hub.name(), hk);
      plan.offer(hub.name(), new VaultRow(hk, hubValues(hub, bk), t, rsrc));
    }
    for (ForeignKey fk : si.table().foreignKeys().values()) {
      Optional<Hub> carried = si.carried().get(fk.name());
      List<String> bk = values(it.keys, fk.columns());
      if (carried.isPresent() && !allNull(bk) && !it.linksOnly) {
        Hub hub = carried.get();
        plan.offer(hub.name(), new VaultRow(hubKey(hub, bk), hubValues(hub, bk), t, rsrc));
      }
    }

    Map<String, String> linkKeys = new HashMap<>();
    for (Link link : si.links()) {
      String lk = linkRow(it, link, ownHubKeys, timelines, plan, rsrc);
      if (lk != null) {
        linkKeys.put(link.name(), lk);
      }
    }

    for (Satellite sat : si.satellites()) {
      String parent =
          model.hubs().containsKey(sat.parent())
              ? ownHubKeys.get(sat.parent())
              : linkKeys.get(sat.parent());
      boolean hubParent = model.hubs().containsKey(sat.parent());
      if (parent == null
          || (hubParent && it.linksOnly)
          || (!e.operation().carriesRow() && !sat.deleteTracking())) {
        continue;
      }
      history(plan, taken, sat.name(), List.of(parent), e, rsrc, sat.columns());
    }
    for (ReferenceTable ref : it.linksOnly ? List.<ReferenceTable>of() : si.referenceTables()) {
      List<String> code = values(it.keys, ref.code());
      if (code.contains(null)) {
        plan.problems.add(
            Problem.of(
                e, Problem.NULL_BUSINESS_KEY, ref.name(), "code " + ref.code() + " is NULL"));
        continue;
      }
      history(plan, taken, ref.name(), code, e, rsrc, ref.columns());
    }
  }

  private String linkRow(
      Item it,
      Link link,
      Map<String, String> ownHubKeys,
      KeyTimelines timelines,
      BatchPlan plan,
      String rsrc) {
    ChangeEvent e = it.event;
    List<String> hashInput = new ArrayList<>();
    Map<String, String> values = new LinkedHashMap<>();
    for (LinkEnd end : link.hubs()) {
      Hub hub = model.hubs().get(end.hub());
      Reach r = reach(it, end, hub, timelines, plan);
      if (r.problem != null) {
        plan.problems.add(
            new Problem(e, r.problemCode, link.name(), r.problem, r.refSource, r.refPk));
        return null;
      }
      if (hub.collisionCode() != null) {
        hashInput.add(hub.collisionCode());
      }
      hashInput.addAll(r.businessKey);
      values.put(end.column(), r.ghostKey != null ? r.ghostKey : hubKey(hub, r.businessKey));
    }
    for (String c : link.dependentChildKey()) {
      String v = CanonicalText.of(e.get(c));
      if (v == null) {
        v = it.keys.get(c);
      }
      hashInput.add(v);
      values.put(c, v);
    }
    String lk = hasher.hashKey(hashInput);
    if (lk == null) {
      plan.problems.add(
          Problem.of(
              e, Problem.NULL_BUSINESS_KEY, link.name(), "every business key of the link is NULL"));
      return null;
    }
    values.put(link.hashKey(), lk);
    if (link.nonHistorized()) {
      if (!e.operation().carriesRow()) {
        return lk;
      }
      values.putAll(attributes(e, link.columns().isEmpty() ? null : link.columns(), null));
    }
    plan.offer(link.name(), new VaultRow(lk, values, e.eventTimeMicros(), rsrc));
    return lk;
  }

  private Reach reach(Item it, LinkEnd end, Hub hub, KeyTimelines timelines, BatchPlan plan) {
    String source = it.event.sourceTable();
    if (end.via() == null) {
      List<String> bk = values(it.keys, hub.sources().get(source));
      return allNull(bk)
          ? Reach.failed(
              Problem.NULL_BUSINESS_KEY, "business key " + hub.sources().get(source) + " is NULL")
          : Reach.of(bk);
    }
    SourceIndex si = index.get(source);
    ForeignKey fk = si.table().foreignKeys().get(end.via());
    List<String> fkValues = values(it.keys, fk.columns());
    if (fkValues.contains(null)) {
      List<String> nulls = new ArrayList<>();
      hub.businessKey().forEach(c -> nulls.add(null));
      return new Reach(nulls, hasher.nullKey(), null, null, null, null);
    }
    if (si.carried().get(fk.name()).filter(h -> h.name().equals(hub.name())).isPresent()) {
      return Reach.of(fkValues);
    }
    String parentPk = KeyText.pk(fkValues);
    Map<String, String> parent =
        timelines.at(fk.references(), parentPk, it.event.eventTimeMicros());
    if (parent == null && it.unknownParent) {
      plan.unknownParents.add(it.event);
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
              + it.pk
              + ": no "
              + fk.references()
              + " row with that key is known yet",
          fk.references(),
          parentPk);
    }
    List<String> bk = values(parent, hub.sources().get(fk.references()));
    if (allNull(bk)) {
      return Reach.failed(
          Problem.NULL_BUSINESS_KEY,
          "the "
              + fk.references()
              + " row "
              + parentPk
              + " has a NULL business key for "
              + hub.name());
    }
    return Reach.of(bk);
  }

  private void history(
      BatchPlan plan,
      Map<String, Set<Long>> taken,
      String table,
      List<String> key,
      ChangeEvent e,
      String rsrc,
      List<String> declared) {
    Set<Long> times =
        taken.computeIfAbsent(table + "\u0000" + String.join("\u0000", key), k -> new HashSet<>());
    long t = e.eventTimeMicros();
    while (!times.add(t)) {
      t++;
    }
    boolean delete = !e.operation().carriesRow();
    Map<String, Class<?>> types = new LinkedHashMap<>();
    Map<String, String> attrs = delete ? null : attributes(e, declared, types);
    plan.add(table, new HistoryRow(key, t, rsrc, delete, attrs, types));
  }

  /** Attribute values: the declared columns, or every non-key column of the row. */
  private Map<String, String> attributes(
      ChangeEvent e, List<String> declared, Map<String, Class<?>> types) {
    Map<String, String> out = new LinkedHashMap<>();
    List<String> cols =
        declared != null ? declared : index.get(e.sourceTable()).defaultAttributes();
    if (cols != null) {
      cols.forEach(c -> out.put(c, CanonicalText.of(e.get(c))));
      return out;
    }
    List<String> keys = index.get(e.sourceTable()).keyColumns();
    e.row()
        .forEach(
            (c, v) -> {
              if (!keys.contains(c)) {
                out.put(c, CanonicalText.of(v));
                if (types != null && v != null) {
                  types.put(c, v.getClass());
                }
              }
            });
    return out;
  }

  private String hubKey(Hub hub, List<String> bk) {
    if (hub.collisionCode() == null) {
      return hasher.hashKey(bk);
    }
    List<String> in = new ArrayList<>(bk.size() + 1);
    in.add(hub.collisionCode());
    in.addAll(bk);
    return hasher.hashKey(in);
  }

  private static Map<String, String> hubValues(Hub hub, List<String> bk) {
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < bk.size(); i++) {
      out.put(hub.businessKey().get(i), bk.get(i));
    }
    return out;
  }

  private static boolean allNull(List<String> values) {
    for (String v : values) {
      if (v != null) {
        return false;
      }
    }
    return true;
  }
}
