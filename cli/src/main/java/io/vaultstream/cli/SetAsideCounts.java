package io.vaultstream.cli;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.event.Problem;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The updates and deletes of non-historized links' sources set aside, per link: error rows still in
 * {@code vs_errors}, and changes noted in {@code vs_ignored_changes} (when the vault has it).
 */
final class SetAsideCounts {
  private SetAsideCounts() {}

  /** Per link: error rows and ignored changes. */
  record Counts(long errorRows, long ignored) {}

  static Map<String, Counts> read(
      Connection c, VaultDialect d, String schema, List<String> loaderTables) throws SQLException {
    Map<String, Counts> out = new TreeMap<>();
    for (String[] row :
        Queries.rows(
            c,
            "SELECT "
                + d.quote("target_object")
                + ", COUNT(*) FROM "
                + d.table(schema, VaultTables.ERRORS)
                + " WHERE "
                + d.quote("error_code")
                + " = ? GROUP BY "
                + d.quote("target_object"),
            Problem.NON_HISTORIZED_CHANGE)) {
      out.put(row[0], new Counts(Long.parseLong(row[1]), 0));
    }
    if (loaderTables.contains(VaultTables.IGNORED_CHANGES)) {
      for (String[] row :
          Queries.rows(
              c,
              "SELECT "
                  + d.quote("target_object")
                  + ", COUNT(*) FROM "
                  + d.table(schema, VaultTables.IGNORED_CHANGES)
                  + " GROUP BY "
                  + d.quote("target_object"))) {
        Counts was = out.getOrDefault(row[0], new Counts(0, 0));
        out.put(row[0], new Counts(was.errorRows(), Long.parseLong(row[1])));
      }
    }
    return out;
  }
}
