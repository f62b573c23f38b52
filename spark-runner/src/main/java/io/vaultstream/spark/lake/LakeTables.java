package io.vaultstream.spark.lake;

import io.vaultstream.ddl.DdlScript;
import io.vaultstream.ddl.VaultTables;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.VaultModel;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableKind;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The lakehouse tables of a vault: the same tables, columns and keys as in a database ({@link
 * VaultTables} with {@link LakeTypes}), created if absent with the properties a table fed by a
 * stream needs, then their ghost records. Every statement is idempotent, so a job started again, or
 * two jobs starting at once, leave one set of tables and one pair of ghost records per table.
 *
 * <p>Each Delta table is clustered (liquid clustering) on the columns its rows are found by: the
 * hash key of a hub, link or satellite, the code of a reference table, the source row of the key
 * map and of the waiting and error rows. A stream's small commits make small files: optimized
 * writes and auto compaction are on, and deletion vectors spare a delete or update from rewriting
 * whole files. {@code OPTIMIZE} then lays the files out by the clustering columns
 * (docs/LAKEHOUSE.md). Iceberg tables ({@link LakeFormat#ICEBERG}) are unpartitioned, write deletes
 * and updates as delete files, and are compacted by Iceberg's {@code rewrite_data_files}.
 */
public final class LakeTables {
  private final VaultModel model;
  private final HashKeyCalculator hasher;
  private final LakeLocation location;
  private final VaultTables tables;

  public LakeTables(VaultModel model, HashKeyCalculator hasher, LakeLocation location) {
    this.model = model;
    this.hasher = hasher;
    this.location = location;
    this.tables = new VaultTables(model, new LakeTypes(), hasher);
  }

  /** Every table of the vault, by name. */
  public Map<String, TableSpec> all() {
    return tables.all();
  }

  /**
   * Creates the location and every table that does not exist, then writes the ghost records the
   * tables lack (one query counts them in every table; a table created now gets them in one insert,
   * one a job left half-done in an insert-if-absent MERGE).
   *
   * @return the statements run, in order
   */
  public List<String> create(SparkSession spark) {
    return create(spark, true);
  }

  /**
   * The same, bringing the tables that exist to the model before the ghost records are written
   * ({@link LakeMigration}: columns the model now declares added, declared types widened; with
   * {@code autoEvolve} off, an {@link IllegalStateException} naming the statements to run).
   */
  public List<String> create(SparkSession spark, boolean autoEvolve) {
    List<String> run = new ArrayList<>(location.prepare());
    for (TableSpec t : tables.all().values()) {
      run.add(createTable(t));
    }
    run.forEach(spark::sql);
    run.addAll(LakeMigration.apply(spark, location, tables.all().values(), autoEvolve));
    Map<String, Long> found = ghostCounts(spark);
    for (TableSpec t : tables.all().values()) {
      List<DdlScript.GhostRow> rows = ghostRows(t);
      long have = found.getOrDefault(t.name(), 0L);
      if (rows.isEmpty() || have >= rows.size()) {
        continue;
      }
      String s = have == 0 ? insertGhosts(t, rows) : mergeGhosts(t, rows);
      spark.sql(s);
      run.add(s);
    }
    return run;
  }

  /** The ghost records found in each table that has some (one query over every table). */
  private Map<String, Long> ghostCounts(SparkSession spark) {
    List<String> counts = new ArrayList<>();
    for (TableSpec t : tables.all().values()) {
      List<DdlScript.GhostRow> rows = ghostRows(t);
      if (rows.isEmpty()) {
        continue;
      }
      // Ghost records exist for tables keyed by a hash key, which they carry.
      String key = t.primaryKey().get(0);
      int at = rows.get(0).columns().indexOf(key);
      List<String> keys = new ArrayList<>();
      for (DdlScript.GhostRow g : rows) {
        keys.add(value(g.values().get(at), t.column(key).type()));
      }
      counts.add(
          "SELECT "
              + literal(t.name())
              + " AS t, COUNT(*) AS n FROM "
              + location.table(t.name())
              + " WHERE "
              + LakeLocation.quote(key)
              + " IN ("
              + String.join(", ", keys)
              + ") AND "
              + LakeLocation.quote(model.naming().recordSource())
              + " = "
              + literal(DdlScript.GHOST_RECORD_SOURCE));
    }
    Map<String, Long> out = new LinkedHashMap<>();
    if (!counts.isEmpty()) {
      for (Row r : spark.sql(String.join(" UNION ALL ", counts)).collectAsList()) {
        out.put(r.getString(0), r.getLong(1));
      }
    }
    return out;
  }

  private List<DdlScript.GhostRow> ghostRows(TableSpec t) {
    return DdlScript.ghostRows(model.naming(), tables.hashType(), hasher, t);
  }

  /** {@code CREATE TABLE IF NOT EXISTS} for one table. */
  String createTable(TableSpec t) {
    StringBuilder b = new StringBuilder("CREATE TABLE IF NOT EXISTS ");
    b.append(location.table(t.name())).append(" (");
    for (int i = 0; i < t.columns().size(); i++) {
      ColumnSpec c = t.columns().get(i);
      b.append(i == 0 ? "" : ", ").append(LakeLocation.quote(c.name())).append(' ');
      b.append(c.type()).append(c.notNull() ? " NOT NULL" : "");
    }
    b.append(')').append(location.format().tableClause(quoted(clustering(t))));
    return b.toString();
  }

  /** The columns a table is clustered on: those its rows are found by. */
  static List<String> clustering(TableSpec t) {
    if (t.name().equals(VaultTables.WAITING) || t.name().equals(VaultTables.ERRORS)) {
      return List.of("ref_source", "ref_pk");
    }
    if (t.name().equals(VaultTables.KEY_MAP)) {
      return List.of("source_table", "pk");
    }
    if (t.name().equals(VaultTables.REPEATS)) {
      return List.of("target_table", "row_key");
    }
    if (t.kind() == TableKind.TECHNICAL || t.primaryKey().isEmpty()) {
      return List.of();
    }
    return List.of(t.primaryKey().get(0));
  }

  /**
   * A table's ghost records as the rows of a query, with every column of the table (NULL where a
   * ghost record has no value: not every format fills an unnamed column).
   */
  private String ghostSelect(TableSpec t, List<DdlScript.GhostRow> rows) {
    List<String> selects = new ArrayList<>();
    for (DdlScript.GhostRow g : rows) {
      List<String> values = new ArrayList<>();
      for (ColumnSpec c : t.columns()) {
        int i = g.columns().indexOf(c.name());
        String v = i >= 0 ? value(g.values().get(i), c.type()) : "CAST(NULL AS " + c.type() + ")";
        values.add(v + " AS " + LakeLocation.quote(c.name()));
      }
      selects.add("SELECT " + String.join(", ", values));
    }
    return String.join(" UNION ALL ", selects);
  }

  /** Inserts a new table's ghost records. */
  String insertGhosts(TableSpec t, List<DdlScript.GhostRow> rows) {
    return "INSERT INTO "
        + location.table(t.name())
        + " ("
        + quoteAll(names(t))
        + ") "
        + ghostSelect(t, rows);
  }

  /** Inserts the ghost records a table lacks: an insert-if-absent MERGE on the table's key. */
  String mergeGhosts(TableSpec t, List<DdlScript.GhostRow> rows) {
    List<String> cols = rows.get(0).columns();
    List<String> on = new ArrayList<>();
    for (String k : t.primaryKey()) {
      if (cols.contains(k)) {
        on.add("t." + LakeLocation.quote(k) + " = s." + LakeLocation.quote(k));
      }
    }
    List<String> sourceCols = new ArrayList<>();
    for (String c : names(t)) {
      sourceCols.add("s." + LakeLocation.quote(c));
    }
    return "MERGE INTO "
        + location.table(t.name())
        + " t USING ("
        + ghostSelect(t, rows)
        + ") s ON "
        + String.join(" AND ", on)
        + " WHEN NOT MATCHED THEN INSERT ("
        + quoteAll(names(t))
        + ") VALUES ("
        + String.join(", ", sourceCols)
        + ")";
  }

  private static List<String> names(TableSpec t) {
    List<String> out = new ArrayList<>();
    for (ColumnSpec c : t.columns()) {
      out.add(c.name());
    }
    return out;
  }

  /** A ghost record's value as a Spark SQL expression of the column's type. */
  private static String value(Object v, String type) {
    if (v instanceof Long micros) {
      return "TIMESTAMP_MICROS(" + micros + "L)";
    }
    if (v instanceof Boolean b) {
      return b ? "TRUE" : "FALSE";
    }
    String text = (String) v;
    return type.equals("BINARY") ? "UNHEX(" + literal(text) + ")" : literal(text);
  }

  /** A Spark SQL string literal. */
  static String literal(String text) {
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }

  private static String quoteAll(List<String> names) {
    return String.join(", ", quoted(names));
  }

  private static List<String> quoted(List<String> names) {
    List<String> out = new ArrayList<>();
    for (String n : names) {
      out.add(LakeLocation.quote(n));
    }
    return out;
  }
}
