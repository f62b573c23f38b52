package io.vaultstream.cli;

import io.vaultstream.decode.ChangeEvent;
import io.vaultstream.dialect.Dialects;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.error.ErrorTable;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.plan.Problem;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code vaultstream errors list|retry|purge}: the error table for operators. */
@Command(
    name = "errors",
    mixinStandardHelpOptions = true,
    description = "Lists, retries and purges the rows of the error table (vs_errors).",
    subcommands = {
      ErrorsCommand.ListErrors.class,
      ErrorsCommand.RetryErrors.class,
      ErrorsCommand.PurgeErrors.class
    })
final class ErrorsCommand {

  /** Where the vault is. */
  static final class Target {
    @Option(names = "--jdbc-url", required = true, description = "JDBC URL of the vault database.")
    String jdbcUrl;

    @Option(names = "--user", description = "Database user (or give it in the URL).")
    String user;

    @Option(
        names = "--password",
        description = "Database password (or set VAULTSTREAM_PASSWORD).",
        arity = "0..1",
        interactive = true)
    String password;

    @Option(
        names = "--schema",
        description = "Schema of the vault tables (default: the connection's current schema).")
    String schema;

    Connection connect() throws SQLException {
      String pw = password != null ? password : System.getenv("VAULTSTREAM_PASSWORD");
      return user == null
          ? DriverManager.getConnection(jdbcUrl)
          : DriverManager.getConnection(jdbcUrl, user, pw);
    }

    String schema(Connection c) throws SQLException {
      if (schema != null) {
        return schema;
      }
      try (Statement st = c.createStatement();
          ResultSet rs = st.executeQuery(dialect().currentSchema())) {
        rs.next();
        return rs.getString(1);
      }
    }

    VaultDialect dialect() {
      return Dialects.forUrl(jdbcUrl, null);
    }
  }

  /** Which rows. */
  static final class Filters {
    @Option(
        names = "--code",
        description =
            "Only this error code (BAD_RECORD, NULL_BUSINESS_KEY, UNRESOLVED_REFERENCE, TYPE_CONVERSION, CONSTRAINT_VIOLATION).")
    String code;

    @Option(names = "--source", description = "Only rows of this source table.")
    String source;

    @Option(names = "--target", description = "Only rows for this vault table.")
    String target;

    @Option(names = "--id", description = "Only the row with this id.")
    Long id;

    ErrorTable.Filter filter() {
      return new ErrorTable.Filter(code, source, target, id);
    }
  }

  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
      description = "Lists error rows, oldest first, with a count per code.")
  static final class ListErrors implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin Target target = new Target();
    @Mixin Filters filters = new Filters();

    @Option(
        names = "--limit",
        defaultValue = "50",
        description = "At most this many rows (default: ${DEFAULT-VALUE}).")
    int limit;

    @Override
    public Integer call() throws SQLException {
      PrintWriter out = spec.commandLine().getOut();
      try (Connection c = target.connect()) {
        String schema = target.schema(c);
        ErrorTable table = new ErrorTable(target.dialect(), schema);
        List<String[]> counts = table.countByCode(c, filters.filter());
        if (counts.isEmpty()) {
          out.printf(
              "No error rows in %s.vs_errors%s.%n",
              schema, filters.filter().isEmpty() ? "" : " matching the filters");
          return 0;
        }
        List<ErrorTable.Row> rows = table.list(c, filters.filter(), limit);
        out.printf(
            "%-6s %-21s %-14s %-20s %-30s %-8s %-22s %s%n",
            "ID", "CODE", "SOURCE", "TARGET", "POSITION", "ATTEMPTS", "FIRST SEEN", "MESSAGE");
        for (ErrorTable.Row r : rows) {
          out.printf(
              "%-6d %-21s %-14s %-20s %-30s %-8d %-22s %s%n",
              r.id(),
              r.code(),
              r.source(),
              r.target(),
              r.topic() + "/" + r.partition() + "@" + r.offset(),
              r.attempts(),
              r.firstSeen().replaceAll("\\.\\d+", ""),
              r.message());
        }
        long total = 0;
        StringBuilder by = new StringBuilder();
        for (String[] cnt : counts) {
          total += Long.parseLong(cnt[1]);
          by.append(by.length() == 0 ? "" : ", ").append(cnt[0]).append(' ').append(cnt[1]);
        }
        out.printf(
            "%d error row(s) (%s)%s%n",
            total, by, rows.size() < total ? "; showing the first " + rows.size() : "");
      }
      return 0;
    }
  }

  @Command(
      name = "retry",
      mixinStandardHelpOptions = true,
      description = {
        "Loads the events of error rows again with the model given, e.g. after fixing the model.",
        "Rows that load (or wait again for a parent, with a fresh watermark) leave the error table; rows that fail again stay.",
        "BAD_RECORD rows are decoded again from their raw value; a record without an event time of its own is loaded at its row's first_seen (the error table keeps no Kafka timestamp).",
        "Rows that cannot be decoded are skipped and listed with their ids."
      })
  static final class RetryErrors implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin Target target = new Target();
    @Mixin Filters filters = new Filters();

    @Option(names = "--model", required = true, description = "The vault model file.")
    Path model;

    @Option(
        names = "--limit",
        defaultValue = "100000",
        description = "At most this many rows (default: ${DEFAULT-VALUE}).")
    int limit;

    @Override
    public Integer call() throws Exception {
      PrintWriter out = spec.commandLine().getOut();
      VaultModel m = ModelLoader.load(model);
      try (Connection c = target.connect()) {
        String schema = target.schema(c);
        ErrorTable table = new ErrorTable(target.dialect(), schema);
        List<ErrorTable.Row> rows = table.list(c, filters.filter(), limit);
        if (rows.isEmpty()) {
          out.println("No error rows to retry.");
          return 0;
        }
        // Two connections: a column first seen in a retried event is added on the second one.
        VaultOptions.Builder o =
            VaultOptions.builder().jdbcUrl(target.jdbcUrl).targetSchema(schema).poolMaxSize(2);
        if (target.user != null) {
          o.user(target.user)
              .password(
                  target.password != null
                      ? target.password
                      : System.getenv("VAULTSTREAM_PASSWORD"));
        }
        try (VaultLoader loader = VaultLoader.open(m, o.build())) {
          RetriedRows retried = RetriedRows.of(rows, loader.decoder(), c, target.dialect(), schema);
          Map<ChangeEvent, ErrorTable.Row> byEvent = retried.byEvent;
          LoadResult result = loader.load(new ArrayList<>(byEvent.keySet()));
          Map<ChangeEvent, Boolean> stillFailing = new IdentityHashMap<>();
          for (Problem p : result.problems()) {
            if (!p.waits()) {
              stillFailing.put(p.event(), true);
            }
          }
          List<Long> done = new ArrayList<>();
          byEvent.forEach(
              (e, r) -> {
                if (!stillFailing.containsKey(e)) {
                  done.add(r.id());
                }
              });
          table.delete(c, done);
          out.printf(
              "Retried %d error row(s): %d loaded or waiting again, %d still failing, %d not"
                  + " decodable (skipped)%n",
              rows.size(), done.size(), stillFailing.size(), retried.undecodable.size());
          if (!retried.timedByFirstSeen.isEmpty()) {
            out.printf(
                "%d record(s) carry no event time of their own and the error table keeps no Kafka"
                    + " timestamp: loaded at the time their error row was first written (ids"
                    + " %s)%n",
                retried.timedByFirstSeen.size(), ids(retried.timedByFirstSeen));
          }
          if (!retried.undecodable.isEmpty()) {
            out.printf(
                "Skipped %d row(s) that could not be decoded (ids %s):%n",
                retried.undecodable.size(), ids(retried.undecodable.keySet()));
            retried.undecodable.forEach((id, why) -> out.printf("  %d: %s%n", id, why));
          }
        }
      }
      return 0;
    }

    private static String ids(java.util.Collection<Long> ids) {
      return ids.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", "));
    }
  }

  @Command(
      name = "purge",
      mixinStandardHelpOptions = true,
      description = "Deletes error rows; give a filter or --all.")
  static final class PurgeErrors implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin Target target = new Target();
    @Mixin Filters filters = new Filters();

    @Option(names = "--all", description = "Delete every error row.")
    boolean all;

    @Override
    public Integer call() throws SQLException {
      if (filters.filter().isEmpty() && !all) {
        spec.commandLine()
            .getErr()
            .println(
                "vaultstream: give --code, --source, --target or --id, or --all to purge every error row");
        return VaultStreamCli.USAGE;
      }
      try (Connection c = target.connect()) {
        String schema = target.schema(c);
        int n = new ErrorTable(target.dialect(), schema).purge(c, filters.filter());
        spec.commandLine().getOut().printf("Purged %d error row(s) from %s.vs_errors%n", n, schema);
      }
      return 0;
    }
  }
}
