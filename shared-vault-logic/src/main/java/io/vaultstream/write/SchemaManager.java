package io.vaultstream.write;

import io.vaultstream.ddl.DdlScript;
import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.Naming;
import io.vaultstream.model.VaultModel;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Knows the current shape of every vault table: creates tables and ghost records when asked, and
 * adds attribute columns first seen in events to tables whose model does not list them.
 */
public final class SchemaManager {
  private static final Logger LOG = LoggerFactory.getLogger(SchemaManager.class);
  private final VaultModel model;
  private final VaultDialect dialect;
  private final HashKeyCalculator hasher;
  private final String schema;
  private final boolean autoCreate;
  private final boolean autoEvolve;
  private final Map<String, TableSpec> tables;
  private final long ddlLockTimeoutMs;
  private volatile boolean anchorsStored = true;

  /**
   * @param autoCreate whether missing tables, ghost records and indexes are created at start
   * @param autoEvolve whether attribute columns first seen in events are added to the tables that
   *     take their columns from events
   * @param ddlLockTimeoutMs how long a schema change waits for its table's lock before it gives up
   *     (and is tried again, three attempts in all); 0 waits without limit
   */
  public SchemaManager(
      VaultModel model,
      VaultDialect dialect,
      HashKeyCalculator hasher,
      String schema,
      boolean autoCreate,
      boolean autoEvolve,
      long ddlLockTimeoutMs) {
    this.autoEvolve = autoEvolve;
    this.ddlLockTimeoutMs = ddlLockTimeoutMs;
    this.model = model;
    this.dialect = dialect;
    this.hasher = hasher;
    this.schema = schema;
    this.autoCreate = autoCreate;
    // Looked up by concurrent loads (Spark runs several tasks per JVM on one engine).
    this.base = new VaultTables(model, dialect, hasher).all();
    this.tables = new java.util.concurrent.ConcurrentHashMap<>(base);
  }

  /** The tables as the model describes them, without columns taken from events. */
  private final Map<String, TableSpec> base;

  /** Per table, the attribute columns added after it was created (marked so in the database). */
  private final Map<String, Set<String>> added = new ConcurrentHashMap<>();

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

  /** Creates what is missing (when auto-create is on) and reads columns taken from events. */
  public synchronized void initialize(Connection c) throws SQLException {
    // A vault that is complete is left alone: even "CREATE INDEX IF NOT EXISTS" takes a lock on
    // its table that waits for (and deadlocked with) the writers of another loader.
    VaultCatalog catalog = new VaultCatalog(dialect, schema);
    Map<String, List<ColumnSpec>> inDatabase = catalog.columns(c, tables.values());
    if (autoCreate && !catalog.complete(c, tables.values(), inDatabase)) {
      new SchemaChange(dialect, ddlLockTimeoutMs)
          .runScript(
              c,
              schema,
              DdlScript.statements(model, dialect, hasher, schema, !catalog.schemaExists(c)));
      inDatabase = catalog.columns(c, tables.values());
    }
    for (TableSpec t : List.copyOf(tables.values())) {
      List<ColumnSpec> existing = inDatabase.get(t.name());
      if (existing.isEmpty()) {
        throw new SQLException(
            "The vault table "
                + schema
                + "."
                + t.name()
                + " does not exist; create it with the output of"
                + " 'vaultstream ddl' or turn auto-create on (auto.create)",
            dialect.undefinedTableState());
      }
      if (t.name().equals(VaultTables.PROGRESS)) {
        checkAnchorColumns(existing);
      }
      if (t.kind() != io.vaultstream.table.TableKind.TECHNICAL) {
        adoptShape(c, catalog, t, existing);
      }
    }
  }

  private void checkAnchorColumns(List<ColumnSpec> existing) {
    anchorsStored =
        DdlScript.ADDED_COLUMNS.stream()
            .allMatch(a -> existing.stream().anyMatch(e -> e.name().equals(a)));
    if (!anchorsStored) {
      LOG.warn(
          "{}.{} has no columns {} (it was created by an earlier version with auto-create off):"
              + " stored positions cannot be checked against the Kafka topic they came from;"
              + " add them with the ALTER TABLE statements of 'vaultstream ddl'",
          schema,
          VaultTables.PROGRESS,
          DdlScript.ADDED_COLUMNS);
    }
  }

  /**
   * Takes the table as the database has it: its column order (the hash diff's), with the declared
   * columns it lacks added, and notes the columns added after it was created.
   */
  private void adoptShape(
      Connection c, VaultCatalog catalog, TableSpec t, List<ColumnSpec> existing)
      throws SQLException {
    TableShape shape = TableShape.of(t, existing, dialect::columnNameKey);
    tables.put(
        t.name(),
        new ModelMigration(dialect, schema).apply(c, shape, autoEvolve, ddlLockTimeoutMs));
    Set<String> marked = ConcurrentHashMap.newKeySet();
    marked.addAll(catalog.addedColumns(t.name()));
    shape.missing().forEach(m -> marked.add(m.name()));
    added.put(t.name(), marked);
  }

  /**
   * The statements that bring the vault in the database to the model, for {@code vaultstream ddl
   * --jdbc-url}: the whole script for an empty schema, else only what is missing (tables with their
   * ghost records, declared columns, the loader's indexes); empty when the vault matches the model.
   */
  public List<String> migration(Connection c) throws SQLException {
    return new ModelMigration(dialect, schema).script(c, model, hasher, base);
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

  /** Adds attribute columns first seen in this batch to a table that takes them from events. */
  public synchronized void addColumns(Connection c, String table, Collection<String> seen)
      throws SQLException {
    TableSpec t = tables.get(table);
    if (!t.discoversColumns()) {
      return;
    }
    List<ColumnSpec> cols = new ArrayList<>(t.columns());
    boolean changed = false;
    for (String name : seen) {
      if (t.column(name) != null || cols.stream().anyMatch(x -> x.name().equals(name))) {
        continue;
      }
      // Text, whatever the first value looks like: a column typed by its first value (a `true`
      // making a boolean column) would refuse every later value of another kind. Values are
      // canonical text anyway; declare the source's columns in the model for typed columns.
      ColumnSpec col = new ColumnSpec(name, dialect.textType(), false);
      if (!autoEvolve) {
        throw new SQLException(
            "The events of "
                + table
                + " carry the column '"
                + name
                + "', which the table lacks, and auto.evolve is off: add the column ("
                + dialect.addColumn(schema, table, col)
                + ") or turn auto.evolve on (--auto-evolve for the Spark job)",
            dialect.undefinedColumnState());
      }
      for (String sql : dialect.addAttributeColumn(schema, table, col)) {
        new SchemaChange(dialect, ddlLockTimeoutMs)
            .run(c, "Adding column " + col.name() + " to vault table " + table, sql);
      }
      added.computeIfAbsent(table, k -> ConcurrentHashMap.newKeySet()).add(col.name());
      LOG.info("Added column {} {} to vault table {}", col.name(), col.type(), table);
      cols.add(col); // appended, as in the database: the hash diff order
      changed = true;
    }
    if (changed) {
      tables.put(table, new TableSpec(t.name(), t.kind(), cols, t.primaryKey(), true));
    }
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
}
