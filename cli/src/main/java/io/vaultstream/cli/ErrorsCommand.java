package io.vaultstream.cli;

import io.vaultstream.error.ErrorTable;
import java.sql.Connection;
import java.sql.SQLException;
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
    description = {
      "Lists, retries and purges the rows of the error table (vs_errors).",
      "",
      "Without --schema each subcommand looks for the vault in "
          + VaultConnection.SCHEMA_DEFAULT
          + "."
    },
    subcommands = {
      ListErrorsCommand.class,
      RetryErrorsCommand.class,
      ErrorsCommand.PurgeErrors.class
    })
final class ErrorsCommand {

  /** Which rows. */
  static final class Filters {
    @Option(
        names = "--code",
        description =
            "Only this error code (BAD_RECORD, NULL_BUSINESS_KEY, UNRESOLVED_REFERENCE,"
                + " TYPE_CONVERSION, CONSTRAINT_VIOLATION).")
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
      name = "purge",
      mixinStandardHelpOptions = true,
      description = "Deletes error rows; give a filter or --all.")
  static final class PurgeErrors implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin VaultConnection target = new VaultConnection();
    @Mixin Filters filters = new Filters();

    @Option(names = "--all", description = "Delete every error row.")
    boolean all;

    @Override
    public Integer call() throws SQLException {
      if (filters.filter().isEmpty() && !all) {
        spec.commandLine()
            .getErr()
            .println(
                "vaultstream: give --code, --source, --target or --id, or --all to purge every"
                    + " error row");
        return VaultStreamCli.USAGE;
      }
      try (Connection c = target.connect()) {
        String schema = target.schema(c, spec.commandLine().getErr());
        target.require(c, schema, io.vaultstream.ddl.VaultTables.ERRORS);
        int n = new ErrorTable(target.dialect(), schema).purge(c, filters.filter());
        spec.commandLine().getOut().printf("Purged %d error row(s) from %s.vs_errors%n", n, schema);
      }
      return 0;
    }
  }
}
