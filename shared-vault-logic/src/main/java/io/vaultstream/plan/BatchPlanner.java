package io.vaultstream.plan;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.NamedValues;
import io.vaultstream.event.Operation;
import io.vaultstream.event.Problem;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.keymap.KeyMapReader;
import io.vaultstream.keymap.KeyText;
import io.vaultstream.keymap.KeyTimelines;
import io.vaultstream.model.ForeignKey;
import io.vaultstream.model.VaultModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
  private final ItemRows rows;

  public BatchPlanner(VaultModel model, HashKeyCalculator hasher) {
    this.model = model;
    this.hasher = hasher;
    this.index = SourceIndex.of(model);
    this.rows = new ItemRows(model, hasher, index);
  }

  /** Plans a batch; reads the key map only through {@code reader}, one query per source. */
  public BatchPlan plan(List<ChangeEvent> input, KeyMapReader reader) {
    return plan(input, List.of(), reader);
  }

  /** Plans new events and events rechecked from the waiting rows, together. */
  public BatchPlan plan(List<ChangeEvent> input, List<Recheck> rechecks, KeyMapReader reader) {
    return plan(new RowKeys(input, new String[input.size()], Map.of()), rechecks, reader);
  }

  /**
   * Plans the events of {@code keys} (made by {@link #rowKeys}, whose primary key texts it takes)
   * and events rechecked from the waiting rows, together.
   */
  public BatchPlan plan(RowKeys keys, List<Recheck> rechecks, KeyMapReader reader) {
    BatchPlan plan = new BatchPlan();
    plan.events = keys.events.size();
    List<Planned> events = inSourceOrder(keys, rechecks);

    // Each loop is a method of its own, and each loop body too: the JIT compiles them apart
    // (compiling one large method with every loop in it took seconds of a fresh worker's CPU).
    KeyTimelines timelines = new KeyTimelines(perSource(events.size()));
    Map<String, Set<String>> pks = rowsToRead(events);
    pks.forEach((source, read) -> load(timelines, reader, source, read));
    List<PlanItem> items = items(events, timelines, plan);
    Map<String, Set<String>> parents = parentKeys(items);
    rows.trackedParents(items, timelines, parents);
    parents.forEach(
        (source, read) -> load(timelines, reader, source, timelines.missing(source, read)));
    rows(items, timelines, plan);
    plan.planned(); // what planning kept is not kept while the plan waits to be written
    return plan;
  }

  /** An event to plan: its primary key text once made, and its recheck if it is one. */
  private static final class Planned {
    final ChangeEvent event;
    final Recheck recheck;
    String pk;

    Planned(ChangeEvent event, String pk, Recheck recheck) {
      this.event = event;
      this.pk = pk;
      this.recheck = recheck;
    }
  }

  private static final Comparator<Planned> SOURCE_ORDER =
      (a, b) -> ChangeEvent.SOURCE_ORDER.compare(a.event, b.event);

  /** The new events, then the rechecked ones, in source order (a stable sort). */
  private static List<Planned> inSourceOrder(RowKeys keys, List<Recheck> rechecks) {
    List<Planned> events = new ArrayList<>(keys.events.size() + rechecks.size());
    for (int i = 0; i < keys.pks.length; i++) {
      events.add(new Planned(keys.events.get(i), keys.pks[i], null));
    }
    for (Recheck r : rechecks) {
      events.add(new Planned(r.event(), null, r));
    }
    events.sort(SOURCE_ORDER);
    return events;
  }

  /**
   * The rows whose key map entries the batch needs: every row an event changes, except rows an
   * insert creates (unless other events of the row need it, or a child refers to it, which the
   * parents' read covers). Keeps each primary key text it makes in its event.
   */
  private Map<String, Set<String>> rowsToRead(List<Planned> events) {
    Map<String, Set<String>> pks = new LinkedHashMap<>();
    for (Planned p : events) {
      ChangeEvent e = p.event;
      // An effectivity or status version needs the row's mappings around an insert too: a
      // re-insert after a delete, or an insert processed after a later event of its row.
      if (e.operation() != Operation.INSERT || p.recheck != null || rows.tracks(e.sourceTable())) {
        if (p.pk == null) {
          p.pk = pkText(e);
        }
        pks.computeIfAbsent(e.sourceTable(), s -> new HashSet<>(perSource(events.size())))
            .add(p.pk);
      }
    }
    return pks;
  }

  private List<PlanItem> items(List<Planned> events, KeyTimelines timelines, BatchPlan plan) {
    List<PlanItem> items = new ArrayList<>(events.size());
    for (Planned p : events) {
      PlanItem it = item(p.event, p.pk, p.recheck, timelines, plan);
      if (it != null) {
        items.add(it);
      }
    }
    return items;
  }

  /**
   * An event with its key values (a key map entry for a new key), or null when they are unknown.
   * {@code pkText} is the event's primary key text when the batch made it already, else null.
   */
  private PlanItem item(
      ChangeEvent e, String pkText, Recheck recheck, KeyTimelines timelines, BatchPlan plan) {
    String pk = pkText != null ? pkText : pkText(e);
    boolean linksOnly = recheck != null && recheck.linksOnly();
    boolean unknownParent = recheck != null && recheck.unknownParent();
    SourceIndex si = index.get(e.sourceTable());
    if (e.operation().carriesRow()) {
      Map<String, String> keys = ownKeys(e, si);
      if (linksOnly) {
        return new PlanItem(e, si, pk, keys, true, unknownParent);
      }
      long at = timelines.put(e.sourceTable(), pk, e.eventTimeMicros(), keys);
      if (at != KeyTimelines.IN_FORCE && si.needsKeyMap()) {
        plan.keyMap.add(new BatchPlan.KeyMapEntry(e.sourceTable(), pk, at, keys));
      }
      return new PlanItem(e, si, pk, keys, false, false);
    }
    // Every key column in the primary key, which a delete's before image carries: the delete
    // knows its keys itself (such rows have no key map entries to look them up in).
    Map<String, String> keys =
        si.needsKeyMap()
            ? timelines.atOrBefore(e.sourceTable(), pk, e.eventTimeMicros())
            : ownKeys(e, si);
    if (keys == null) {
      plan.problems.add(
          Problem.unresolved(
              e,
              e.sourceTable(),
              "delete of "
                  + e.sourceTable()
                  + " "
                  + pk
                  + ": the row's business key is not known yet (no event of this row at or before the"
                  + " delete's time in the key map)",
              e.sourceTable(),
              pk));
      return null;
    }
    return new PlanItem(e, si, pk, keys, linksOnly, unknownParent);
  }

  /** The key columns' values as the event's own row image holds them. */
  private static Map<String, String> ownKeys(ChangeEvent e, SourceIndex si) {
    return new NamedValues<>(si.keyNames(), si.keyReader().texts(e));
  }

  /** A hash map's initial capacity for {@code n} entries: no resize, no larger table. */
  static int capacity(int n) {
    return (int) Math.ceil(n / 0.75);
  }

  /**
   * The most entries a batch's map of one source is made for before it holds any (4,096 buckets): a
   * batch spreads its events over its sources, and a batch that meets many sources must not get a
   * large map for each (past this, a map grows as it fills). The rows offered per vault table are
   * not presized at all: a model may have hundreds of tables, most with a few rows per batch.
   */
  static final int PER_SOURCE_MAX = 2048;

  /** The load-time slots a batch's one map is made for at most (a micro-batch may be huge). */
  static final int LOAD_TIMES_MAX = 1 << 16;

  /** A batch's map of one source, for a batch of {@code events} events. */
  static int perSource(int events) {
    return capacity(Math.max(1, Math.min(events, PER_SOURCE_MAX)));
  }

  /** The parent rows the items' foreign keys reach through the key map. */
  private Map<String, Set<String>> parentKeys(List<PlanItem> items) {
    Map<String, Set<String>> parents = new LinkedHashMap<>();
    for (PlanItem it : items) {
      addParentKeys(it, parents, items.size());
    }
    return parents;
  }

  private void addParentKeys(PlanItem it, Map<String, Set<String>> parents, int items) {
    SourceIndex si = it.source();
    for (ForeignKey fk : si.foreignKeys()) {
      if (si.carried().get(fk.name()).isEmpty()) {
        List<String> vals = BusinessKeys.values(it.keys(), fk.columns());
        if (!vals.contains(null)) {
          parents
              .computeIfAbsent(fk.references(), s -> new HashSet<>(perSource(items)))
              .add(KeyText.pk(vals));
        }
      }
    }
  }

  private void rows(List<PlanItem> items, KeyTimelines timelines, BatchPlan plan) {
    LoadTimes taken = new LoadTimes(Math.min(items.size(), LOAD_TIMES_MAX));
    for (PlanItem it : items) {
      rows.rowsOf(it, timelines, plan, taken);
    }
  }

  /**
   * The rows (source table to primary keys) whose new state these events carry, with each such
   * event's primary key text for {@link #plan(RowKeys, List, KeyMapReader)}.
   */
  public RowKeys rowKeys(List<ChangeEvent> events) {
    Map<String, Set<String>> out = new HashMap<>();
    String[] pks = new String[events.size()];
    for (int i = 0; i < pks.length; i++) {
      ChangeEvent e = events.get(i);
      if (e.operation().carriesRow()) {
        pks[i] = pkText(e);
        out.computeIfAbsent(e.sourceTable(), s -> new HashSet<>(perSource(pks.length))).add(pks[i]);
      }
    }
    return new RowKeys(events, pks, out);
  }

  private static void load(
      KeyTimelines timelines, KeyMapReader reader, String source, Set<String> keys) {
    if (!keys.isEmpty()) {
      timelines.addLoaded(source, keys, reader.read(source, keys));
    }
  }

  private String pkText(ChangeEvent e) {
    return KeyText.pk(index.get(e.sourceTable()).primaryKeyColumns().texts(e));
  }
}
