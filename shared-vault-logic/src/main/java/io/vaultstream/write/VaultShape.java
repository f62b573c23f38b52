package io.vaultstream.write;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.ColumnTypes;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.Naming;
import io.vaultstream.model.VaultModel;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The current shape of every vault table, whatever holds the tables: its columns (those the model
 * declares and those taken from events), which attributes a hash diff covers and which were added
 * later. Planning and writing read it; {@link SchemaManager} keeps it in step with a relational
 * database.
 */
public class VaultShape {
  final VaultModel model;
  final HashKeyCalculator hasher;
  final String schema;

  /** The tables as the model describes them, without columns taken from events. */
  final Map<String, TableSpec> base;

  // Looked up by concurrent loads (Spark runs several tasks per JVM on one engine).
  final Map<String, TableSpec> tables;

  /** Per table, the attribute columns added after it was created (marked so in the database). */
  final Map<String, Set<String>> added = new ConcurrentHashMap<>();

  volatile boolean anchorsStored = true;

  /** The tables of the model with the column types of their target, in {@code schema}. */
  public VaultShape(VaultModel model, ColumnTypes types, HashKeyCalculator hasher, String schema) {
    this.model = model;
    this.hasher = hasher;
    this.schema = schema;
    this.base = new VaultTables(model, types, hasher).all();
    this.tables = new ConcurrentHashMap<>(base);
  }

  /** Whether vs_progress has the columns of the positions' anchors. */
  public boolean storesAnchors() {
    return anchorsStored;
  }

  /** The table as the model describes it, without the columns taken from events. */
  public TableSpec modelTable(String name) {
    return base.get(name);
  }

  /** The table as it is now. */
  public TableSpec table(String name) {
    return tables.get(name);
  }

  /** The schema the vault tables live in. */
  public String schema() {
    return schema;
  }

  /** The attribute columns of a satellite, reference table or non-historized link, in order. */
  public List<String> attributes(String table) {
    TableSpec t = tables.get(table);
    Naming n = model.naming();
    List<String> technical =
        List.of(n.loadDts(), n.recordSource(), n.hashDiff(), n.deleteFlag(), n.loadedAt());
    List<String> out = new ArrayList<>();
    List<String> audit = auditColumns(table);
    for (ColumnSpec c : t.columns()) {
      if (!technical.contains(c.name())
          && !t.primaryKey().contains(c.name())
          && !isKeyColumn(t, c.name())
          && !audit.contains(c.name())) {
        out.add(c.name());
      }
    }
    return out;
  }

  /**
   * How many of a table's attributes (in {@link #attributes} order) it was created with: the
   * leading ones up to the first column marked as added later. Every stored version was hashed over
   * at least these, so a comparison of versions across added columns need not try fewer.
   */
  public int fixedAttributes(String table) {
    List<String> attrs = attributes(table);
    Set<String> marked = added.getOrDefault(table, Set.of());
    for (int i = 0; i < attrs.size(); i++) {
      if (marked.contains(attrs.get(i))) {
        return i;
      }
    }
    return attrs.size();
  }

  /** A satellite's audit columns (not hashed: written from each version's own event). */
  public List<String> auditColumns(String table) {
    var sat = model.satellites().get(table);
    return sat == null ? List.of() : List.copyOf(sat.audit().values());
  }

  private boolean isKeyColumn(TableSpec t, String column) {
    var link = model.links().get(t.name());
    if (link == null) {
      return false;
    }
    return link.hubs().stream().anyMatch(e -> e.column().equals(column))
        || link.dependentChildKey().contains(column);
  }

  /**
   * Columns a planned batch brings that its tables (those that discover their columns) do not have
   * yet, per table.
   */
  public Map<String, Set<String>> unknownColumns(io.vaultstream.plan.BatchPlan plan) {
    Map<String, Set<String>> seen = new LinkedHashMap<>();
    plan.history.forEach(
        (table, rows) -> {
          TableSpec t = table(table);
          if (t.discoversColumns()) {
            for (io.vaultstream.plan.HistoryRow r : rows) {
              if (r.attributes() != null) {
                for (String a : r.attributes().keySet()) {
                  if (t.column(a) == null) {
                    seen.computeIfAbsent(table, k -> new LinkedHashSet<>()).add(a);
                  }
                }
              }
            }
          }
        });
    plan.earliest.forEach(
        (table, rows) -> {
          TableSpec t = table(table);
          if (t.discoversColumns()) {
            rows.values()
                .forEach(
                    r -> {
                      for (String a : r.values().keySet()) {
                        if (t.column(a) == null) {
                          seen.computeIfAbsent(table, k -> new LinkedHashSet<>()).add(a);
                        }
                      }
                    });
          }
        });
    return seen;
  }

  /**
   * The names of {@code seen} that a table taking its columns from events lacks, in the order seen;
   * none for a table whose model lists its columns.
   */
  public List<String> missing(String table, java.util.Collection<String> seen) {
    TableSpec t = tables.get(table);
    List<String> out = new ArrayList<>();
    if (t == null || !t.discoversColumns()) {
      return out;
    }
    for (String name : seen) {
      if (t.column(name) == null && !out.contains(name)) {
        out.add(name);
      }
    }
    return out;
  }

  /**
   * Appends a column to a table that takes its columns from events, marked as added after the table
   * was created (the hash diff's order is the table's column order).
   */
  public synchronized void append(String table, ColumnSpec column) {
    TableSpec t = tables.get(table);
    if (t.column(column.name()) != null) {
      return;
    }
    List<ColumnSpec> cols = new ArrayList<>(t.columns());
    cols.add(column);
    tables.put(table, new TableSpec(t.name(), t.kind(), cols, t.primaryKey(), true));
    added.computeIfAbsent(table, k -> ConcurrentHashMap.newKeySet()).add(column.name());
  }
}
