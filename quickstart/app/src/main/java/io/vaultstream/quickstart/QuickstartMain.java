package io.vaultstream.quickstart;

import io.vaultstream.dialect.MaskedUrl;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The quickstart's jar: {@code vaultstream quickstart} and {@code vaultstream demo}. */
@Command(
    name = "vaultstream",
    mixinStandardHelpOptions = true,
    description = "See vaultstream fill a Data Vault: the quickstart (Kafka Connect) and the demo.",
    subcommands = CommandLine.HelpCommand.class)
public final class QuickstartMain {
  /** Exit code for a usage or environment error. */
  static final int USAGE = 2;

  private QuickstartMain() {}

  /** Runs the command of {@code args} and exits with its code. */
  public static void main(String[] args) {
    // The broker and the embedded database leave threads that are not daemons.
    System.exit(commandLine().execute(args));
  }

  /** The configured command line (also used by tests). */
  static CommandLine commandLine() {
    return commandLine(new QuickstartCommand());
  }

  /**
   * The command line with a given quickstart command (tests keep it to stop a kept-running run).
   */
  static CommandLine commandLine(QuickstartCommand quickstart) {
    CommandLine cl = new CommandLine(new QuickstartMain());
    cl.addSubcommand("quickstart", quickstart);
    cl.addSubcommand("demo", new DemoCommand());
    cl.setExitCodeExceptionMapper(e -> USAGE);
    cl.setExecutionExceptionHandler(
        (e, cmd, parsed) -> {
          cmd.getErr()
              .println(
                  "vaultstream: "
                      + MaskedUrl.of(e.getMessage() != null ? e.getMessage() : e.toString()));
          return USAGE;
        });
    return cl;
  }
}
