package io.vaultstream.cli;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code vaultstream status}: what is in the vault, what waits, what failed. */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description = {
      "Shows rows per vault table (ghost records excluded), the newest load_dts per record source,",
      "waiting rows and error rows by code, and each consumer's stored progress."
    })
final class StatusCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin ErrorsCommand.Target target = new ErrorsCommand.Target();

  @Option(
      names = "--watch",
      description = "Refresh every N seconds until interrupted.",
      paramLabel = "N")
  Integer watch;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    try (Connection c = target.connect()) {
      String schema = target.schema(c);
      while (true) {
        print(out, c, schema);
        out.flush();
        if (watch == null) {
          return 0;
        }
        TimeUnit.SECONDS.sleep(Math.max(1, watch));
        out.println();
      }
    }
  }

  private void print(PrintWriter out, Connection c, String schema) throws SQLException {
    List<String> tables = new ArrayList<>();
    try (Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = '"
                    + schema.replace("'", "''")
                    + "' ORDER BY table_name")) {
      while (rs.next()) {
        tables.add(rs.getString(1));
      }
    }
    if (!tables.contains("vs_key_map")) {
      out.printf("No vault in schema %s (no vs_key_map table).%n", schema);
      return;
    }
    String q = target.dialect().quote(schema) + ".";
    out.printf(
        "Vault in schema %s%n%n%-24s %12s  %s%n", schema, "TABLE", "ROWS", "NEWEST LOAD_DTS");
    // One scan per vault table: rows and newest load_dts per record source.
    java.util.Map<String, String> newest = new java.util.TreeMap<>();
    for (String t : tables) {
      if (t.startsWith("vs_")) {
        continue;
      }
      long rows = 0;
      String max = null;
      try (Statement st = c.createStatement();
          ResultSet rs =
              st.executeQuery(
                  "SELECT record_source, count(*), max(load_dts)::text FROM "
                      + q
                      + target.dialect().quote(t)
                      + " WHERE record_source <> 'SYSTEM' GROUP BY record_source")) {
        while (rs.next()) {
          rows += rs.getLong(2);
          String ts = rs.getString(3);
          max = max == null || ts.compareTo(max) > 0 ? ts : max;
          newest.merge(rs.getString(1), ts, (x, y) -> x.compareTo(y) >= 0 ? x : y);
        }
      }
      out.printf("%-24s %,12d  %s%n", t, rows, max == null ? "-" : max);
    }
    out.printf("%nNewest load_dts per record source%n");
    if (newest.isEmpty()) {
      out.println("  (none)");
    }
    newest.forEach((source, ts) -> out.printf("  %-40s %s%n", source, ts));
    section(
        out,
        c,
        "Waiting for a parent (vs_waiting)",
        "SELECT state, count(*)::text FROM " + q + "vs_waiting GROUP BY state ORDER BY 1");
    section(
        out,
        c,
        "Error rows (vs_errors)",
        "SELECT error_code, count(*)::text FROM " + q + "vs_errors GROUP BY error_code ORDER BY 1");
    section(
        out,
        c,
        "Progress (vs_progress)",
        "SELECT consumer || ' ' || topic || '/' || kafka_partition, next_offset::text || ' at ' || updated_at::text FROM "
            + q
            + "vs_progress ORDER BY 1");
  }

  private static void section(PrintWriter out, Connection c, String title, String sql)
      throws SQLException {
    out.printf("%n%s%n", title);
    int n = 0;
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        out.printf("  %-40s %s%n", rs.getString(1), rs.getString(2));
        n++;
      }
    }
    if (n == 0) {
      out.println("  (none)");
    }
  }
}
