package io.vaultstream.write;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultValues;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.hash.SetHashDiff;
import io.vaultstream.keymap.KeyText;
import io.vaultstream.model.Naming;
import io.vaultstream.model.VaultModel;
import io.vaultstream.plan.BatchPlan;
import io.vaultstream.plan.VaultRow;
import io.vaultstream.table.TableKind;
import io.vaultstream.table.TableSpec;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.LongFunction;

/**
 * Writes a planned batch inside the caller's transaction, set-based: one statement per table for
 * hubs, links and the key map; satellites and reference tables through {@link HistoryWriter} (one
 * read of the history around the batch, one insert and, rarely, one delete), multi-active
 * satellites through {@link MultiActiveSets}.
 */
public final class VaultWriter {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(VaultWriter.class);
  private final VaultModel model;
  private final VaultValues target;
  private final HashKeyCalculator hasher;
  private final VaultShape schema;
  private final Naming n;
  private final HistoryRead history;
  private final MultiActiveSets sets;
  private final TransactionChanges changes;
  private final HistoryWriter histories;
  private final EarliestRows earliest;

  public VaultWriter(
      VaultModel model, VaultValues target, HashKeyCalculator hasher, VaultShape schema) {
    this.model = model;
    this.target = target;
    this.hasher = hasher;
    this.schema = schema;
    this.n = model.naming();
    this.history = new HistoryRead(target, schema, n, this::hashText);
    this.sets = new MultiActiveSets(model, target, schema, this::hashText, new SetHashDiff(hasher));
    this.changes = new TransactionChanges(model, target, schema);
    this.histories = new HistoryWriter(model, target, hasher, schema, history);
    this.earliest =
        new EarliestRows(target, n, this::hashText, model.hubs().size() + model.links().size());
  }

  /** Writes the plan; returns rows written per vault table. */
  public Map<String, Integer> write(VaultStore store, BatchPlan plan) throws SQLException {
    return write(store, plan, true);
  }

  /**
   * Writes the plan; returns rows written per vault table.
   *
   * @param racing whether rows may exist already: satellite and reference versions and key map
   *     entries are inserted as new rows (versions are merged with the history read in this
   *     transaction, so only a concurrent writer can have inserted them meanwhile; a key map entry
   *     exists only when its event was loaded before), which fails the statement with a unique
   *     violation ({@link VaultDialect#isUniqueViolation}) when that happens; with {@code racing}
   *     such rows are skipped instead, at some cost
   */
  public Map<String, Integer> write(VaultStore store, BatchPlan plan, boolean racing)
      throws SQLException {
    Map<String, Integer> written = new LinkedHashMap<>();
    // Hub and link keys this transaction inserted: their satellites have no stored history yet.
    Map<String, Set<String>> inserted = new HashMap<>();
    plan.setAside.clear();
    for (String table : new VaultTables(model, target, hasher).all().keySet()) {
      TableSpec t = schema.table(table);
      if (t == null && table.equals(VaultTables.WRITERS)) {
        continue; // an older vault's, without the table (auto-create off): no marks are stored
      }
      long began = System.nanoTime();
      int count =
          switch (t.kind()) {
            case HUB, LINK -> writeEarliest(store, t, plan.earliest.get(table), inserted, racing);
            case NON_HISTORIZED_LINK -> writeTransactions(store, t, plan, racing);
            case SATELLITE, REFERENCE ->
                sets.handles(t)
                    ? sets.write(store, t, plan.history.get(table), racing)
                    : sets.lockForeignParents(store, t, plan.history.get(table))
                        + histories.write(
                            store, t, plan.history.get(table), racing, newParents(t, inserted));
            case TECHNICAL -> writeKeyMap(store, t, plan.keyMap, racing);
          };
      if (count > 0) {
        written.put(table, count);
      }
      if (LOG.isTraceEnabled()) {
        LOG.trace(
            "Wrote {} rows to {} in {} ms", count, table, (System.nanoTime() - began) / 1_000_000);
      }
    }
    return written;
  }

  /**
   * The parent keys inserted in this transaction, for a satellite. The planner writes every
   * satellite row together with an upsert of its parent hub or link row, so a parent row this
   * transaction inserted has no satellite rows before it.
   */
  private Set<String> newParents(TableSpec t, Map<String, Set<String>> inserted) {
    if (t.kind() != TableKind.SATELLITE) {
      return Set.of();
    }
    var sat = model.satellites().get(t.name());
    // Effectivity and status satellites also end keys no row of this batch upserts: read them all.
    return sat == null ? Set.of() : inserted.getOrDefault(sat.parent(), Set.of());
  }

  /**
   * A non-historized link's rows; where its model sets changes aside, the batch's updates and
   * deletes of its source are then found and noted in the plan.
   */
  private int writeTransactions(VaultStore store, TableSpec t, BatchPlan plan, boolean racing)
      throws SQLException {
    List<io.vaultstream.plan.TransactionEvent> events = plan.transactionEvents.get(t.name());
    Map<String, VaultRow> rows = plan.earliest.get(t.name());
    if (events == null || events.isEmpty()) {
      return writeEarliest(store, t, rows, null, racing);
    }
    Map<String, Set<String>> written = new HashMap<>();
    int count = writeEarliest(store, t, rows, written, racing);
    plan.setAside.addAll(
        changes.find(
            store,
            t,
            model.links().get(t.name()),
            events,
            rows,
            written.getOrDefault(t.name(), Set.of())));
    return count;
  }

  private int writeEarliest(
      VaultStore store,
      TableSpec t,
      Map<String, VaultRow> rows,
      Map<String, Set<String>> inserted,
      boolean racing)
      throws SQLException {
    Set<String> fresh =
        inserted == null ? null : inserted.computeIfAbsent(t.name(), k -> new HashSet<>());
    return earliest.write(store, t, rows, fresh, racing);
  }

  private int writeKeyMap(
      VaultStore store, TableSpec t, List<BatchPlan.KeyMapEntry> entries, boolean racing)
      throws SQLException {
    if (entries.isEmpty() || !t.name().equals(VaultTables.KEY_MAP)) {
      return 0;
    }
    List<String> cols = List.of("source_table", "pk", "valid_from", "key_values");
    TextColumns data = new TextColumns(cols, entries.size());
    LongFunction<String> times = target.timestampTexts();
    for (BatchPlan.KeyMapEntry e : entries) {
      data.add(List.of(e.source(), e.pk(), times.apply(e.validFrom()), KeyText.values(e.values())));
    }
    // A mapping can already be stored only when these events were loaded before (a replay) or by
    // another writer: both rare, and both fail the statement (a unique violation), after which the
    // batch is
    // written again with existing rows skipped.
    store.insert(t, data, null, racing);
    return 0; // bookkeeping, not a vault table
  }

  private String hashText(String fromDb) {
    if (fromDb == null || !model.hashing().binary()) {
      return fromDb;
    }
    return hasher.unknownKey().startsWith("F")
        ? fromDb.toUpperCase(Locale.ROOT)
        : fromDb.toLowerCase(Locale.ROOT);
  }
}
