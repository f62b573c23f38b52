package io.vaultstream.bench.connect;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

/**
 * The checks printed after each of {@link SourceSinkRuns}' loads: what the sink wrote against the
 * captured backlog (vaultstream's vault against the keys the workload created, with its error and
 * waiting rows and the dead letter queue; the Debezium JDBC sink's tables against the source's row
 * counts).
 */
final class SourceSinkChecks {
  private final BenchDatabase target;
  private final SourceCapture.Backlog backlog;
  private final Admin admin;

  /** The vault tables' rows of vaultstream's last load on Connect, to compare another one with. */
  private Map<String, Long> connectVault;

  SourceSinkChecks(BenchDatabase target, SourceCapture.Backlog backlog, Admin admin) {
    this.target = target;
    this.backlog = backlog;
    this.admin = admin;
  }

  /**
   * The vault's rows per table (without ghost rows), the hubs against the keys the workload created
   * (a hub keeps deleted keys), and the error and waiting rows: the workload writes no invalid row,
   * so vs_errors must stay empty.
   */
  void vault(String schema, String dlq) throws Exception {
    Map<String, Long> rows = new LinkedHashMap<>();
    for (String t : target.tables(schema)) {
      rows.put(
          t,
          t.startsWith("vs_")
              ? target.count(schema + "." + t)
              : target.count(schema + "." + t + " WHERE record_source <> 'SYSTEM'"));
    }
    ShopWorkload w = backlog.workload();
    Map<String, Long> hubs =
        Map.of("hub_customer", w.lastCustomer, "hub_product", w.products, "hub_order", w.lastOrder);
    List<String> wrong = new ArrayList<>();
    hubs.forEach(
        (hub, want) -> {
          if (!want.equals(rows.get(hub))) {
            wrong.add(hub + " " + rows.get(hub) + " (the workload created " + want + ")");
          }
        });
    Report.line("    vault rows: %s%s", rows, sameAsConnect(schema, rows));
    Report.line(
        "    vs_errors: %,d (the workload has no invalid rows: 0 expected); vs_waiting: %,d;"
            + " dead letter queue: %,d records (all runs so far); hubs %s",
        rows.getOrDefault("vs_errors", 0L),
        rows.getOrDefault("vs_waiting", 0L),
        deadLetters(dlq),
        wrong.isEmpty() ? "match the keys the workload created" : "WRONG: " + wrong);
  }

  /**
   * Keeps the vault tables' rows of vaultstream's load on Connect; for another schema (the Spark
   * runner's) says whether they are the same.
   */
  private String sameAsConnect(String schema, Map<String, Long> rows) {
    Map<String, Long> vault = new LinkedHashMap<>(rows);
    vault.keySet().removeIf(t -> t.startsWith("vs_"));
    if (schema.equals(SourceSinkRuns.VAULT_SCHEMA)) {
      connectVault = vault;
      return "";
    }
    if (connectVault == null) {
      return " (no vaultstream vault on Connect yet to compare with)";
    }
    return connectVault.equals(vault)
        ? " (the same vault tables and row counts as vaultstream's on Connect)"
        : " (DIFFERENT from vaultstream's on Connect: " + connectVault + ")";
  }

  /** Records in the dead letter queue topic (0 without one, or while it does not exist). */
  private long deadLetters(String dlq) throws Exception {
    if (dlq == null || !admin.listTopics().names().get().contains(dlq)) {
      return 0;
    }
    return admin
        .listOffsets(Map.of(new TopicPartition(dlq, 0), OffsetSpec.latest()))
        .all()
        .get()
        .values()
        .stream()
        .mapToLong(o -> o.offset())
        .sum();
  }

  /** The Debezium JDBC sink's tables mirror the source's: their row counts should be equal. */
  void jdbc() throws SQLException {
    Map<String, Long> rows = new LinkedHashMap<>();
    for (String t : target.tables(SourceSinkRuns.JDBC_SCHEMA)) {
      rows.put(t, target.count(SourceSinkRuns.JDBC_SCHEMA + "." + target.quote(t)));
    }
    boolean same = true;
    for (var e : backlog.sourceRows().entrySet()) {
      same &= e.getValue().equals(rows.get("shop_public_" + e.getKey()));
    }
    Report.line(
        "    Debezium JDBC sink rows: %s (%s the source's)",
        rows, same ? "equal to" : "NOT equal to");
  }
}
