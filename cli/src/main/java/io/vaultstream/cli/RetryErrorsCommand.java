package io.vaultstream.cli;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.engine.VaultOptionsBuilder;
import io.vaultstream.error.ErrorTable;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code vaultstream errors retry}: loads the events of error rows again. */
@Command(
    name = "retry",
    mixinStandardHelpOptions = true,
    description = {
      "Loads the events of error rows again with the model given, e.g. after fixing the model.",
      "Rows that load (or wait again for a parent, with a fresh watermark) leave the error table;"
          + " rows that fail again stay.",
      "BAD_RECORD rows are decoded again from their raw value; a record without an event time of"
          + " its own is loaded at its row's first_seen (the error table keeps no Kafka timestamp).",
      "Rows that cannot be decoded are skipped and listed with their ids.",
      "The vault's tables are left as they are: create the tables of a changed model first"
          + " ('vaultstream ddl MODEL --schema S'), or give --auto-create."
    })
final class RetryErrorsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin VaultConnection target = new VaultConnection();
  @Mixin ErrorsCommand.Filters filters = new ErrorsCommand.Filters();

  @Option(names = "--model", required = true, description = "The vault model file.")
  Path model;

  @Option(
      names = "--limit",
      defaultValue = "100000",
      description = "At most this many rows (default: ${DEFAULT-VALUE}).")
  int limit;

  @Option(
      names = "--auto-create",
      description =
          "Create the vault tables the model has and the vault lacks, and add the columns"
              + " retried events bring to satellites without declared columns (as the connector's"
              + " auto.create and auto.evolve do).")
  boolean autoCreate;

  @Override
  public Integer call() throws Exception {
    EngineLogs.warningsOnly();
    PrintWriter out = spec.commandLine().getOut();
    VaultModel m = ModelLoader.load(model);
    try (Connection c = target.connect()) {
      String schema = target.schema(c, spec.commandLine().getErr());
      target.require(c, schema, VaultTables.ERRORS);
      ErrorTable table = new ErrorTable(target.dialect(), schema);
      List<ErrorTable.Row> rows = table.list(c, filters.filter(), limit);
      if (rows.isEmpty()) {
        out.println("No error rows to retry.");
        return 0;
      }
      try (VaultLoader loader = open(m, schema)) {
        RetriedRows retried =
            RetriedRows.of(rows, loader.model(), loader.decoder(), c, target.dialect(), schema);
        Map<ChangeEvent, ErrorTable.Row> byEvent = retried.byEvent;
        Map<ChangeEvent, Boolean> stillFailing = stillFailing(loadAgain(loader, byEvent));
        List<Long> done = new ArrayList<>();
        byEvent.forEach(
            (e, r) -> {
              if (!stillFailing.containsKey(e)) {
                done.add(r.id());
              }
            });
        table.delete(c, done);
        summary(out, rows.size(), done.size(), stillFailing.size(), retried);
      }
    }
    return 0;
  }

  /** Loads the rows' events again; a table or column the vault lacks is a clear error. */
  private LoadResult loadAgain(VaultLoader loader, Map<ChangeEvent, ErrorTable.Row> byEvent)
      throws Exception {
    try {
      return loader.load(new ArrayList<>(byEvent.keySet()));
    } catch (SQLException e) {
      throw clearer(e);
    }
  }

  /** The events that failed again (those that wait for a parent again count as loaded). */
  private static Map<ChangeEvent, Boolean> stillFailing(LoadResult result) {
    Map<ChangeEvent, Boolean> stillFailing = new IdentityHashMap<>();
    for (Problem p : result.problems()) {
      if (!p.waits()) {
        stillFailing.put(p.event(), true);
      }
    }
    return stillFailing;
  }

  /** The engine on the vault; a table the model needs and the vault lacks is a clear error. */
  private VaultLoader open(VaultModel m, String schema) throws Exception {
    // Two connections: a column first seen in a retried event is added on the second one.
    VaultOptionsBuilder o =
        VaultOptions.builder()
            .jdbcUrl(target.jdbcUrl)
            .dialect(target.dialectName)
            .targetSchema(schema)
            .poolMaxSize(2)
            .autoCreate(autoCreate)
            .autoEvolve(autoCreate);
    if (target.user != null) {
      o.user(target.user).password(DatabaseLogin.password(target.password));
    }
    try {
      return VaultLoader.open(m, o.build());
    } catch (SQLException e) {
      throw clearer(e);
    }
  }

  /** A missing table or column, said in the command's terms; anything else as it is. */
  private Exception clearer(SQLException e) {
    VaultDialect d = target.dialect();
    if (d.undefinedTableState().equals(e.getSQLState())
        || d.undefinedColumnState().equals(e.getSQLState())) {
      return new UserError(
          e.getMessage()
                  .replace("turn auto-create on", "give --auto-create")
                  .replace(
                      "turn auto.evolve on (--auto-evolve for the Spark job)", "give --auto-create")
                  .replace(", and auto.evolve is off:", ":")
              + " (errors retry leaves the vault's tables as they are)");
    }
    return e;
  }

  private static void summary(
      PrintWriter out, int rows, int done, int stillFailing, RetriedRows retried) {
    out.printf(
        "Retried %d error row(s): %d loaded or waiting again, %d still failing, %d not"
            + " decodable (skipped)%n",
        rows, done, stillFailing, retried.undecodable.size());
    if (!retried.timedByFirstSeen.isEmpty()) {
      out.printf(
          "%d record(s) carry no event time of their own and the error table keeps no Kafka"
              + " timestamp: loaded at the time their error row was first written (ids %s)%n",
          retried.timedByFirstSeen.size(), ids(retried.timedByFirstSeen));
    }
    if (!retried.undecodable.isEmpty()) {
      out.printf(
          "Skipped %d row(s) that could not be decoded (ids %s):%n",
          retried.undecodable.size(), ids(retried.undecodable.keySet()));
      retried.undecodable.forEach((id, why) -> out.printf("  %d: %s%n", id, why));
    }
  }

  private static String ids(Collection<Long> ids) {
    return ids.stream().map(String::valueOf).collect(Collectors.joining(", "));
  }
}
