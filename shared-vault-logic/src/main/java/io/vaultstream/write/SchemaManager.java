package io.vaultstream.write;

import io.vaultstream.ddl.DdlScript;
import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.VaultModel;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the vault's tables in a relational database in step with the model: creates tables and
 * ghost records when asked, takes each table's shape from the database at start, and adds attribute
 * columns first seen in events to tables whose model does not list them; the shape itself is a
 * {@link VaultShape}.
 */
public final class SchemaManager extends VaultShape {
  private static final Logger LOG = LoggerFactory.getLogger(SchemaManager.class);
  private final VaultDialect dialect;
  private final boolean autoCreate;
  private final boolean autoEvolve;
  private final long ddlLockTimeoutMs;

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
    super(model, dialect, hasher, schema);
    this.autoEvolve = autoEvolve;
    this.ddlLockTimeoutMs = ddlLockTimeoutMs;
    this.dialect = dialect;
    this.autoCreate = autoCreate;
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
      if (existing.isEmpty() && t.name().equals(VaultTables.WRITERS)) {
        // Made by vaults older than the table: without it, the loader reads the key map in every
        // batch (what it keeps in memory between batches needs the writers' marks).
        tables.remove(t.name());
        continue;
      }
      if (existing.isEmpty()) {
        throw new ShapeRefused(
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

  /**
   * Whether a failure is a vault table or column gone from the database that auto-create can bring
   * back: the database was restored to before the loader created it (or someone dropped it while
   * the loader ran). Off without auto-create.
   */
  public boolean lostShape(Throwable failure) {
    if (!autoCreate) {
      return false;
    }
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof ShapeRefused) {
        return false; // the loader's own: it may not change the table
      }
      if (t instanceof SQLException e
          && (dialect.undefinedTableState().equals(e.getSQLState())
              || dialect.undefinedColumnState().equals(e.getSQLState()))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Creates again what the database lost of the vault (tables with their ghost records, and every
   * column the loader knows a table to have: declared, or taken from events) and takes each table's
   * shape from the database again. The known shapes are never narrowed meanwhile, so a batch
   * written concurrently sees a table's columns before the loss or after the repair, both complete.
   * Nothing is done (and nothing logged) when nothing is missing: another load repaired it already,
   * or the failure was about something else.
   *
   * @throws SQLException when the repair failed (its transaction rolled back)
   */
  public synchronized void recreate(Connection c, SQLException lost) throws SQLException {
    try {
      if (!lacksAnything(c)) {
        c.rollback();
        return;
      }
      LOG.warn(
          "A vault table or column in {} is gone from the database ({}): it was restored to before"
              + " the loader created it, or dropped. Creating what is missing again and writing"
              + " the batch again",
          schema,
          lost.getMessage());
      initialize(c);
      c.commit();
    } catch (SQLException | RuntimeException e) {
      c.rollback();
      throw e;
    }
  }

  /** Whether the database lacks a vault table, index or a column the loader knows a table has. */
  private boolean lacksAnything(Connection c) throws SQLException {
    VaultCatalog catalog = new VaultCatalog(dialect, schema);
    Map<String, List<ColumnSpec>> inDatabase = catalog.columns(c, tables.values());
    if (!catalog.complete(c, tables.values(), inDatabase)) {
      return true;
    }
    for (TableSpec t : tables.values()) {
      Set<String> there = new java.util.HashSet<>();
      inDatabase.get(t.name()).forEach(col -> there.add(dialect.columnNameKey(col.name())));
      for (ColumnSpec col : t.columns()) {
        if (!there.contains(dialect.columnNameKey(col.name()))) {
          return true;
        }
      }
    }
    return false;
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

  /** Adds attribute columns first seen in this batch to a table that takes them from events. */
  public synchronized void addColumns(Connection c, String table, Collection<String> seen)
      throws SQLException {
    for (String name : missing(table, seen)) {
      // Text, whatever the first value looks like: a column typed by its first value (a `true`
      // making a boolean column) would refuse every later value of another kind. Values are
      // canonical text anyway; declare the source's columns in the model for typed columns.
      ColumnSpec col = new ColumnSpec(name, dialect.textType(), false);
      if (!autoEvolve) {
        throw new ShapeRefused(
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
      append(table, col); // appended, as in the database: the hash diff order
      LOG.info("Added column {} {} to vault table {}", col.name(), col.type(), table);
    }
  }
}
