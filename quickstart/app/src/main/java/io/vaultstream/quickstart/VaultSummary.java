package io.vaultstream.quickstart;

import io.vaultstream.dialect.Dialects;
import io.vaultstream.dialect.MaskedUrl;
import io.vaultstream.dialect.VaultDialect;
import java.io.PrintWriter;
import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The end of a quickstart or demo run: the rows per vault table (the ghost records left out), how
 * to reach the database, queries to paste and the commands to look further.
 */
final class VaultSummary {
  private VaultSummary() {}

  /** Prints the summary of {@code schema} in the database of {@code url}. */
  static void print(PrintWriter out, String url, String schema) throws SQLException {
    out.println();
    out.println(
        "Rows per vault table (without the ghost records, record_source 'SYSTEM', that every hub,"
            + " link and satellite starts with):");
    for (Map.Entry<String, Long> t : rowsPerTable(url, schema).entrySet()) {
      out.printf("  %-20s %,10d%n", t.getKey(), t.getValue());
    }
    String shown = MaskedUrl.of(url);
    out.println();
    out.printf("The vault is schema '%s' of %s%n", schema, shown);
    String client = client(url);
    if (client != null) {
      out.println("Connect with " + client.substring(0, client.indexOf(' ')) + ":");
      out.println(
          "  " + client + (MaskedUrl.hasPassword(url) ? "   (the password of your URL)" : ""));
    }
    out.println("Queries to paste:");
    out.printf(
        "  SELECT * FROM %s.hub_customer WHERE record_source <> 'SYSTEM' ORDER BY load_dts LIMIT 5;%n",
        schema);
    out.printf(
        "  SELECT customer_hk, load_dts, delete_flag, email, city FROM %s.sat_customer"
            + " WHERE record_source <> 'SYSTEM' ORDER BY customer_hk, load_dts LIMIT 10;%n",
        schema);
    out.printf(
        "  SELECT l.order_hk, h.customer_no FROM %1$s.lnk_order_customer l"
            + " JOIN %1$s.hub_customer h USING (customer_hk) WHERE l.record_source <> 'SYSTEM' LIMIT 5;%n",
        schema);
    out.println(
        "What is in the vault, what waits and what failed"
            + (MaskedUrl.hasPassword(url) ? " (your password where the URL shows ***):" : ":"));
    out.printf("  ./vaultstream status --jdbc-url '%s' --schema %s%n", shown, schema);
    out.printf("  ./vaultstream errors --jdbc-url '%s' --schema %s%n", shown, schema);
    out.flush();
  }

  /** What to expect of the database once the run ends. */
  static void printFate(PrintWriter out, boolean embedded, boolean keepRunning) {
    out.println();
    if (!embedded) {
      out.println("The rows stay in your database.");
    } else if (keepRunning) {
      out.println("The embedded PostgreSQL keeps running, so the lines above work until Ctrl-C.");
    } else {
      out.println(
          "The embedded PostgreSQL stops now and its data is removed: run again with --keep-running"
              + " to query it with the lines above (until Ctrl-C), or with --jdbc-url to load a"
              + " database of your own.");
    }
    out.flush();
  }

  /** Rows per vault table of the schema, the ghost records not counted. */
  static Map<String, Long> rowsPerTable(String url, String schema) throws SQLException {
    VaultDialect d = Dialects.forUrl(url, null);
    List<String> tables = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(url)) {
      try (PreparedStatement ps = c.prepareStatement(d.selectTables())) {
        ps.setString(1, schema);
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            if (!rs.getString(1).startsWith("vs_")) {
              tables.add(rs.getString(1));
            }
          }
        }
      }
      // Every vault table (hub, link, satellite, reference table) has a record source.
      Map<String, Long> rows = new LinkedHashMap<>();
      for (String t : tables) {
        long n = 0;
        try (PreparedStatement ps =
            c.prepareStatement(
                d.countRowsPerRecordSource(schema, t, "record_source", "load_dts"))) {
          ps.setString(1, "SYSTEM");
          try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
              n += rs.getLong(2);
            }
          }
        }
        rows.put(t, n);
      }
      return rows;
    }
  }

  /** The command line of a database's own client for a JDBC URL (never its password), or null. */
  static String client(String url) {
    return url.startsWith("jdbc:mariadb://")
        ? command(url, "mariadb -h ", " -P ", 3306, " -u ", null)
        : psql(url);
  }

  /** A psql command line for a PostgreSQL JDBC URL (never its password), or null. */
  static String psql(String url) {
    return url.startsWith("jdbc:postgresql://")
        ? command(url, "psql -h ", " -p ", 5432, " -U ", " -d ")
        : null;
  }

  /** A client's command line: host, port, the URL's user and (with {@code dbFlag}) database. */
  private static String command(
      String url,
      String hostFlag,
      String portFlag,
      int defaultPort,
      String userFlag,
      String dbFlag) {
    URI uri;
    try {
      uri = URI.create(url.substring("jdbc:".length()));
    } catch (IllegalArgumentException e) {
      return null;
    }
    String host = uri.getHost() == null ? "localhost" : uri.getHost();
    int port = uri.getPort() < 0 ? defaultPort : uri.getPort();
    String db =
        uri.getPath() == null || uri.getPath().length() <= 1 ? null : uri.getPath().substring(1);
    String user = parameter(uri.getRawQuery(), "user");
    StringBuilder cmd = new StringBuilder(hostFlag).append(host).append(portFlag).append(port);
    if (user != null) {
      cmd.append(userFlag).append(user);
    }
    if (db != null && dbFlag != null) {
      cmd.append(dbFlag).append(db);
    }
    return cmd.toString();
  }

  private static String parameter(String query, String name) {
    if (query == null) {
      return null;
    }
    for (String kv : query.split("[&;]")) {
      int eq = kv.indexOf('=');
      if (eq > 0 && kv.substring(0, eq).equalsIgnoreCase(name)) {
        return java.net.URLDecoder.decode(
            kv.substring(eq + 1), java.nio.charset.StandardCharsets.UTF_8);
      }
    }
    return null;
  }
}
