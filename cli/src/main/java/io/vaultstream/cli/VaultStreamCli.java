package io.vaultstream.cli;

import io.vaultstream.dialect.MaskedUrl;
import io.vaultstream.model.ModelException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code vaultstream} command. */
@Command(
    name = "vaultstream",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Streams CDC events from Kafka into a Data Vault 2.0 model.",
    footer = {
      "",
      "Also, through the ./vaultstream script: 'vaultstream quickstart' streams the shop",
      "example through Kafka and a Connect worker with the plugin into PostgreSQL, all on",
      "this machine; 'vaultstream demo' does the same without Kafka.",
      "Run 'vaultstream COMMAND --help' for a command's options."
    },
    subcommands = {
      ValidateCommand.class,
      DdlCommand.class,
      HashCommand.class,
      ErrorsCommand.class,
      StatusCommand.class,
      InitCommand.class,
      CommandLine.HelpCommand.class
    })
public final class VaultStreamCli {

  /** Exit code for a model or input with problems. */
  static final int PROBLEMS = 1;

  /** Exit code for a usage or environment error. */
  static final int USAGE = 2;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The configured command line (also used by tests). */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new VaultStreamCli());
    // Lets 'hash' take --null among its values.
    cl.getSubcommands().get("hash").setUnmatchedOptionsArePositionalParams(true);
    cl.setExitCodeExceptionMapper(e -> USAGE);
    cl.setParameterExceptionHandler(
        (e, args) -> {
          // The message and where to look, not the whole usage (which hid the message).
          CommandLine cmd = e.getCommandLine();
          cmd.getErr().println("vaultstream: " + e.getMessage());
          cmd.getErr()
              .println(
                  "Run '" + cmd.getCommandSpec().qualifiedName() + " --help' for its options.");
          return USAGE;
        });
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    CommandSummaries.install(cl);
    cl.setExecutionExceptionHandler(
        (e, cmd, parsed) -> {
          if (e instanceof UserError) {
            cmd.getErr().println("vaultstream: " + MaskedUrl.of(e.getMessage()));
            return USAGE;
          }
          if (e instanceof ModelException) {
            cmd.getErr().println(e.getMessage());
            return PROBLEMS;
          }
          // A driver's error names the URL it was given ("No suitable driver found for ...").
          cmd.getErr().println("vaultstream: " + MaskedUrl.of(e.getMessage()));
          return USAGE;
        });
    return cl;
  }
}
