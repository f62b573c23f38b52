package io.vaultstream.write;

import io.vaultstream.ddl.DdlScript;
import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.TypeWidening;
import io.vaultstream.model.VaultModel;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableKind;
import io.vaultstream.table.TableSpec;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings the vault's existing tables to the model at start: a column declared in the model that a
 * satellite, reference table or non-historized link lacks (the model gained it after the table was
 * created) is added with auto-evolve, or the loader refuses to start with the statements to run.
 * Also lists those statements for {@code vaultstream ddl --jdbc-url}.
 */
final class ModelMigration {
  private static final Logger LOG = LoggerFactory.getLogger(ModelMigration.class);

  /** Unloaded columns already reported, per schema and table: said once per process. */
  private static final Set<String> REPORTED = ConcurrentHashMap.newKeySet();

  private final VaultDialect dialect;
  private final String schema;

  ModelMigration(VaultDialect dialect, String schema) {
    this.dialect = dialect;
    this.schema = schema;
  }

  /** Whether a missing column can be added to an existing table: an attribute column. */
  static boolean addable(TableSpec t, ColumnSpec c) {
    return t.canGain(c);
  }

  /**
   * The table as the loader uses it from now on, after adding the declared columns it lacks and
   * widening the columns whose declared type the model widened.
   *
   * @throws SQLException when a declared column is missing or has another type and cannot or may
   *     not be changed
   */
  TableSpec apply(Connection c, TableShape shape, boolean autoEvolve, long ddlLockTimeoutMs)
      throws SQLException {
    TableSpec t = shape.table();
    reportUnloaded(shape);
    List<String> statements = new ArrayList<>();
    List<String> what = new ArrayList<>();
    for (ColumnSpec col : shape.missing()) {
      if (!addable(t, col)) {
        throw keyChanged(t, col);
      }
      for (String sql : dialect.addAttributeColumn(schema, t.name(), col)) {
        statements.add(sql);
        what.add("add " + col.name());
      }
    }
    for (TableShape.Typed typed : shape.typed()) {
      String sql = widening(t, typed);
      if (sql != null) {
        statements.add(sql);
        what.add("widen " + typed.column().name() + " to " + typed.column().type());
      }
    }
    if (statements.isEmpty()) {
      return t;
    }
    if (!autoEvolve) {
      throw autoEvolveOff(t, what, statements);
    }
    SchemaChange change = new SchemaChange(dialect, ddlLockTimeoutMs);
    for (int i = 0; i < statements.size(); i++) {
      change.run(c, "Schema change of vault table " + t.name(), statements.get(i));
      LOG.info("Vault table {}.{}: {} (the model declares it)", schema, t.name(), what.get(i));
    }
    return t;
  }

  /** A key or technical column the table lacks: the model changed the table's key. */
  private SQLException keyChanged(TableSpec t, ColumnSpec col) {
    return new ShapeRefused(
        "The vault table "
            + schema
            + "."
            + t.name()
            + " has no column '"
            + col.name()
            + "', which the model gives it as a key or technical column: the model changed"
            + " the table's key. Keys cannot be changed in place; load a new table (a new name"
            + " in the model) or re-key the vault as docs/OPERATIONS.md describes",
        dialect.undefinedColumnState());
  }

  /** Changes the table needs while auto-evolve is off: the statements to run by hand. */
  private SQLException autoEvolveOff(TableSpec t, List<String> what, List<String> statements) {
    return new ShapeRefused(
        "The vault table "
            + schema
            + "."
            + t.name()
            + " does not match the model ("
            + String.join(", ", new java.util.LinkedHashSet<>(what))
            + ") and auto-evolve is off: run "
            + String.join("; ", statements)
            + " (or 'vaultstream ddl --jdbc-url ...', which prints what the vault lacks), or turn"
            + " auto-evolve on",
        dialect.undefinedColumnState());
  }

  /**
   * The statement that widens a column to the model's type, or null when the column may stay as it
   * is (the same type, or already wider, or a type the dialect does not compare).
   *
   * @throws SQLException when the model declares a type the column cannot safely take
   */
  private String widening(TableSpec t, TableShape.Typed typed) throws SQLException {
    String inDb = dialect.canonicalType(typed.inDatabase());
    String declared = dialect.canonicalType(typed.column().type());
    if (inDb == null || declared == null) {
      return null;
    }
    return switch (TypeWidening.of(inDb, declared)) {
      case SAME, NARROWER -> null;
      case WIDER -> dialect.widenColumn(schema, t.name(), typed.column());
      case OTHER ->
          throw new ShapeRefused(
              "The column "
                  + typed.column().name()
                  + " of vault table "
                  + schema
                  + "."
                  + t.name()
                  + " is "
                  + inDb
                  + ", and the model declares it "
                  + declared
                  + ": the loader changes a column only to a wider type of the same kind (a larger"
                  + " integer, a longer varchar, more digits or the same scale and more, a finer"
                  + " time). Change the column yourself, or declare its type as it is",
              dialect.undefinedColumnState());
    };
  }

  private void reportUnloaded(TableShape shape) {
    if (!shape.unloaded().isEmpty() && REPORTED.add(schema + "." + shape.table().name())) {
      LOG.info(
          "Vault table {}.{} has column(s) {} that the model does not declare: new rows leave them"
              + " NULL",
          schema,
          shape.table().name(),
          shape.unloaded());
    }
  }

  /**
   * The statements that bring the vault to the model: tables it lacks (with their ghost records),
   * columns its tables lack, indexes of the loader's tables; a comment line for what no statement
   * can bring (a changed key). Empty when the vault matches the model.
   */
  List<String> statements(
      Map<String, TableSpec> model,
      Map<String, List<ColumnSpec>> inDatabase,
      Set<String> indexesMissing,
      TableListing ddl) {
    List<String> out = new ArrayList<>();
    for (TableSpec t : model.values()) {
      List<ColumnSpec> existing = inDatabase.get(t.name());
      if (existing.isEmpty()) {
        out.addAll(ddl.create(t));
        continue;
      }
      TableShape shape = TableShape.of(t, existing, dialect::columnNameKey);
      addWidenings(t, shape, out);
      addMissingColumns(t, shape, out);
    }
    for (DdlScript.Index i : DdlScript.INDEXES) {
      if (indexesMissing.contains(i.name())) {
        out.add(dialect.createIndex(schema, i.table(), i.name(), i.columns()));
      }
    }
    return out;
  }

  /** The statements widening the table's columns, a comment for a type it cannot take. */
  private void addWidenings(TableSpec t, TableShape shape, List<String> out) {
    for (TableShape.Typed typed : shape.typed()) {
      try {
        String sql = widening(t, typed);
        if (sql != null) {
          out.add(sql);
        }
      } catch (SQLException e) {
        out.add(DdlScript.comment(e.getMessage()));
      }
    }
  }

  /** The statements adding the columns the table lacks, a comment for a key column it lacks. */
  private void addMissingColumns(TableSpec t, TableShape shape, List<String> out) {
    for (ColumnSpec col : shape.missing()) {
      if (t.kind() == TableKind.TECHNICAL) {
        out.add(dialect.addColumn(schema, t.name(), col));
      } else if (addable(t, col)) {
        out.addAll(dialect.addAttributeColumn(schema, t.name(), col));
      } else {
        out.add(
            DdlScript.comment(
                t.name()
                    + " lacks its key or technical column "
                    + col.name()
                    + ": the model changed the table's key; see docs/OPERATIONS.md"));
      }
    }
  }

  /**
   * What {@code vaultstream ddl --jdbc-url} prints: the whole script for an empty schema, else the
   * {@link #statements} the vault lacks, with the dialect's support tables when they are missing.
   */
  List<String> script(
      Connection c, VaultModel model, HashKeyCalculator hasher, Map<String, TableSpec> tables)
      throws SQLException {
    VaultCatalog catalog = new VaultCatalog(dialect, schema);
    Map<String, List<ColumnSpec>> inDatabase = catalog.columns(c, tables.values());
    if (inDatabase.values().stream().allMatch(List::isEmpty)) {
      return DdlScript.statements(model, dialect, hasher, schema);
    }
    String hashType = new VaultTables(model, dialect, hasher).hashType();
    List<String> out =
        new ArrayList<>(
            statements(
                tables,
                inDatabase,
                catalog.missingIndexes(c),
                t -> {
                  List<String> create = new ArrayList<>();
                  create.add(dialect.createTable(schema, t));
                  create.addAll(
                      DdlScript.ghosts(model.naming(), dialect, hashType, hasher, schema, t));
                  return create;
                }));
    if (catalog.lacksSupportTables(c)) {
      out.addAll(dialect.createSupportTables(schema));
    }
    return out;
  }

  /** The statements that create one table and its ghost records. */
  interface TableListing {
    List<String> create(TableSpec t);
  }
}
