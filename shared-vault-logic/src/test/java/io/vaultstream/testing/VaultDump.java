package io.vaultstream.testing;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every row of every table of a schema, as text, without the wall-clock audit column. */
public final class VaultDump {
  private VaultDump() {}

  /** Table name to its rows, ordered by all columns. */
  public static Map<String, List<String>> of(String schema) throws SQLException {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (String table :
        TestDatabase.rows(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = '"
                + schema
                + "' ORDER BY 1")) {
      List<String> cols =
          TestDatabase.rows(
              "SELECT quote_ident(column_name) FROM information_schema.columns WHERE table_schema = '"
                  + schema
                  + "' AND table_name = '"
                  + table
                  + "' AND column_name <> 'loaded_at' ORDER BY ordinal_position");
      String list = String.join(", ", cols);
      out.put(
          table,
          TestDatabase.rows(
              "SELECT " + list + " FROM " + schema + "." + table + " ORDER BY " + list));
    }
    return out;
  }
}
