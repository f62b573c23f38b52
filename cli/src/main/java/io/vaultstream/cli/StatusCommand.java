package io.vaultstream.cli;

import io.vaultstream.ddl.CacheFigures;
import io.vaultstream.ddl.DdlScript;
import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.error.ErrorTable;
import io.vaultstream.model.Naming;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.TopicPartition;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/** {@code vaultstream status}: what is in the vault, what waits, what failed. */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description = {
      "Shows what is in the vault, what waits and what failed.",
      "Rows per vault table without ghost records (the two SYSTEM rows of each hub, link and"
          + " satellite), the newest load_dts per table and per record source, waiting rows by"
          + " state, error rows by code, and each consumer's stored next offset per partition;"
          + " with --bootstrap-servers also each partition's end offset and lag; and the"
          + " database's page cache against the vault's size, with a warning once the vault"
          + " outgrows it.",
      "--format json prints the same as one JSON document, for scripts.",
      "",
      "Without --schema the vault is looked for in " + VaultConnection.SCHEMA_DEFAULT + "."
    },
    footer = {
      "",
      "Kafka client settings for a secured cluster: --kafka.<name>=<value>, repeatable, e.g.",
      "  --kafka.security.protocol=SASL_SSL --kafka.sasl.mechanism=PLAIN",
      "  --kafka.sasl.jaas.config='org.apache.kafka.common.security.plain.PlainLoginModule"
          + " required username=\"u\" password=\"p\";'",
      "",
      "Exit codes: 0 shown, 2 no vault in the schema or a usage error."
    })
final class StatusCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin VaultConnection target = new VaultConnection();

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

  @Option(
      names = "--format",
      defaultValue = "table",
      description = "table or json (default: ${DEFAULT-VALUE}).")
  OutputFormat format;

  /** The --kafka.<name>=<value> settings (picocli has no prefix options). */
  @Unmatched List<String> kafkaSettings = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    KafkaEndOffsets kafka = kafka();
    PrintWriter out = spec.commandLine().getOut();
    try (Connection c = target.connect()) {
      String schema = target.schema(c, spec.commandLine().getErr());
      target.require(c, schema, VaultTables.ERRORS, VaultTables.WAITING, VaultTables.PROGRESS);
      while (true) {
        StatusReport report = read(c, schema, kafka);
        if (format == OutputFormat.json) {
          out.println(report.toJson());
        } else {
          report.printTable(out);
        }
        out.flush();
        if (watch == null) {
          return 0;
        }
        TimeUnit.SECONDS.sleep(Math.max(1, watch));
        out.println();
      }
    }
  }

  private KafkaEndOffsets kafka() {
    if (bootstrapServers == null) {
      if (!kafkaSettings.isEmpty()) {
        throw new ParameterException(
            spec.commandLine(),
            kafkaSettings.get(0).startsWith(KafkaEndOffsets.PREFIX)
                ? "Kafka client settings (--kafka.<name>=<value>) need --bootstrap-servers"
                : "Unknown option or argument: '"
                    + KafkaEndOffsets.shown(kafkaSettings.get(0))
                    + "'");
      }
      return null;
    }
    try {
      return new KafkaEndOffsets(bootstrapServers, kafkaSettings);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  private StatusReport read(Connection c, String schema, KafkaEndOffsets kafka)
      throws SQLException, InterruptedException {
    StatusReport r = new StatusReport(schema);
    VaultDialect d = target.dialect();
    Naming n = Naming.defaults();
    for (String t : vaultTables(c, d, schema)) {
      long rows = 0;
      String max = null;
      // One scan per vault table: rows and newest load_dts per record source, ghosts left out.
      for (String[] row :
          Queries.rows(
              c,
              d.countRowsPerRecordSource(schema, t, n.recordSource(), n.loadDts()),
              DdlScript.GHOST_RECORD_SOURCE)) {
        rows += Long.parseLong(row[1]);
        max = max == null || row[2].compareTo(max) > 0 ? row[2] : max;
        r.newestBySource.merge(row[0], row[2], (x, y) -> x.compareTo(y) >= 0 ? x : y);
      }
      r.tables.add(new StatusReport.TableRows(t, rows, max));
    }
    for (String[] row : Queries.rows(c, d.countWaitingByState(schema, VaultTables.WAITING))) {
      r.waitingByState.put(row[0], Long.parseLong(row[1]));
    }
    for (String[] row :
        new ErrorTable(d, schema).countByCode(c, new ErrorTable.Filter(null, null, null, null))) {
      r.errorsByCode.put(row[0], Long.parseLong(row[1]));
    }
    r.changesSetAside.putAll(SetAsideCounts.read(c, d, schema, loaderTables(c, d, schema)));
    progress(c, d, schema, kafka, r);
    try {
      r.cache = CacheFigures.read(c, d, schema);
    } catch (SQLException e) {
      r.cacheProblem = e.getMessage(); // the rest of the status stands without it
    }
    return r;
  }

  /** Each consumer's stored next offset per partition, and its lag when Kafka can be asked. */
  private void progress(
      Connection c, VaultDialect d, String schema, KafkaEndOffsets kafka, StatusReport r)
      throws SQLException, InterruptedException {
    List<String[]> rows = Queries.rows(c, d.selectAllProgress(schema, VaultTables.PROGRESS));
    Map<TopicPartition, Long> ends = Map.of();
    if (kafka != null) {
      r.bootstrapServers = bootstrapServers;
      List<TopicPartition> ask = new ArrayList<>();
      for (String[] p : rows) {
        // Spark's ledger rows (__batch/...) are no Kafka partitions.
        if (!p[1].startsWith("__")) {
          ask.add(new TopicPartition(p[1], Integer.parseInt(p[2])));
        }
      }
      String[] problem = new String[1];
      ends = kafka.latest(ask, problem);
      r.kafkaProblem = problem[0];
    }
    for (String[] p : rows) {
      int partition = Integer.parseInt(p[2]);
      r.progress.add(
          new StatusReport.Position(
              p[0],
              p[1],
              partition,
              Long.parseLong(p[3]),
              p[4],
              ends.get(new TopicPartition(p[1], partition))));
    }
  }

  /** The loader's tables (vs_...) in the schema. */
  private static List<String> loaderTables(Connection c, VaultDialect d, String schema)
      throws SQLException {
    List<String> out = new ArrayList<>();
    for (String[] row : Queries.rows(c, d.selectTables(), schema)) {
      if (row[0].startsWith("vs_")) {
        out.add(row[0]);
      }
    }
    return out;
  }

  /** The vault's own tables: every table of the schema but the loader's (vs_...). */
  private static List<String> vaultTables(Connection c, VaultDialect d, String schema)
      throws SQLException {
    List<String> out = new ArrayList<>();
    for (String[] row : Queries.rows(c, d.selectTables(), schema)) {
      if (!row[0].startsWith("vs_")) {
        out.add(row[0]);
      }
    }
    return out;
  }
}
