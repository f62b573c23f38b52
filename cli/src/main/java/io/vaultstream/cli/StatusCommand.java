package io.vaultstream.cli;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
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
      "waiting rows and error rows by code, and each consumer's stored progress; with",
      "--bootstrap-servers also each partition's end offset and lag."
    })
final class StatusCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin ErrorsCommand.Target target = new ErrorsCommand.Target();

  @Option(
      names = "--watch",
      description = "Refresh every N seconds until interrupted.",
      paramLabel = "N")
  Integer watch;

  @Option(
      names = "--bootstrap-servers",
      description =
          "Kafka brokers (host:port,...): adds each partition's end offset and the lag behind it"
              + " (records not in the vault yet) to the progress.",
      paramLabel = "HOSTS")
  String bootstrapServers;

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
    progress(out, c, q);
  }

  /** Each consumer's stored next offset per partition, and its lag when Kafka can be asked. */
  private void progress(PrintWriter out, Connection c, String q) throws SQLException {
    out.printf("%nProgress (vs_progress)%n");
    List<String[]> rows = new ArrayList<>();
    try (Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT consumer, topic, kafka_partition, next_offset, updated_at::text FROM "
                    + q
                    + "vs_progress ORDER BY 1, 2, 3")) {
      while (rs.next()) {
        rows.add(
            new String[] {
              rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5)
            });
      }
    }
    if (rows.isEmpty()) {
      out.println("  (none)");
      return;
    }
    Map<TopicPartition, Long> ends = bootstrapServers == null ? Map.of() : endOffsets(out, rows);
    for (String[] r : rows) {
      String lag = "";
      Long end = ends.get(new TopicPartition(r[1], Integer.parseInt(r[2])));
      if (end != null) {
        lag = String.format(", end %,d, lag %,d", end, Math.max(0, end - Long.parseLong(r[3])));
      }
      out.printf("  %-40s %s at %s%s%n", r[0] + " " + r[1] + "/" + r[2], r[3], r[4], lag);
    }
  }

  /** The latest offsets of the stored partitions that Kafka knows (not Spark's ledger rows). */
  private Map<TopicPartition, Long> endOffsets(PrintWriter out, List<String[]> rows) {
    Map<TopicPartition, OffsetSpec> ask = new HashMap<>();
    for (String[] r : rows) {
      if (!r[1].startsWith("__")) {
        ask.put(new TopicPartition(r[1], Integer.parseInt(r[2])), OffsetSpec.latest());
      }
    }
    Properties props = new Properties();
    props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
    props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 15_000);
    Map<TopicPartition, Long> ends = new HashMap<>();
    try (Admin admin = Admin.create(props)) {
      admin
          .listOffsets(ask)
          .all()
          .get(20, TimeUnit.SECONDS)
          .forEach((tp, info) -> ends.put(tp, info.offset()));
    } catch (ExecutionException | TimeoutException | KafkaException e) {
      out.printf(
          "  (no lag: Kafka at %s did not answer: %s)%n",
          bootstrapServers, e.getCause() == null ? e.getMessage() : e.getCause().getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return ends;
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
