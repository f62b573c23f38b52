package io.vaultstream.testing;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Every row of every table of a schema, printed as {@link TargetDatabase#rows} prints them (the
 * same on every database), without the wall-clock audit column; each table's rows sorted.
 */
public final class VaultDump {
  private VaultDump() {}

  /** Table name to its rows, in the PostgreSQL test database. */
  public static Map<String, List<String>> of(String schema) throws SQLException {
    return of(TargetDatabase.postgres(), schema);
  }

  /**
   * Table name to its rows, but for {@code vs_writers} (the loaders' random marks, which every
   * batch that writes mappings changes).
   */
  public static Map<String, List<String>> of(TargetDatabase db, String schema) throws SQLException {
    return of(db, schema, t -> !t.equals("vs_writers"), c -> !c.equals("loaded_at"));
  }

  /**
   * Table name to its rows, of the tables and columns chosen; tables without a chosen column are
   * left out.
   */
  public static Map<String, List<String>> of(
      TargetDatabase db, String schema, Predicate<String> tables, Predicate<String> columns)
      throws SQLException {
    Map<String, List<String>> out = new LinkedHashMap<>();
    List<String> names =
        new ArrayList<>(
            db.rows(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = '"
                    + schema
                    + "'"));
    names.sort(null);
    for (String table : names) {
      if (!tables.test(table)) {
        continue;
      }
      List<String> cols = new ArrayList<>();
      for (String c :
          db.rows(
              "SELECT column_name FROM information_schema.columns WHERE table_schema = '"
                  + schema
                  + "' AND table_name = '"
                  + table
                  + "' ORDER BY ordinal_position")) {
        if (columns.test(c)) {
          cols.add(db.quote(c));
        }
      }
      if (cols.isEmpty()) {
        continue;
      }
      List<String> rows =
          new ArrayList<>(
              db.rows(
                  "SELECT " + String.join(", ", cols) + " FROM " + schema + "." + db.quote(table)));
      rows.sort(null);
      out.put(table, rows);
    }
    return out;
  }
}
