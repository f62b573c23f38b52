package io.vaultstream.cli;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the command in a JVM of its own, as a user does: what its logging prints to standard error
 * shows only there (in the test's JVM the loggers are already made).
 */
final class CliProcess {
  private CliProcess() {}

  static CliTest.Run run(String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(VaultStreamCli.class.getName());
    cmd.addAll(List.of(args));
    File out = File.createTempFile("cli-out", ".txt");
    File err = File.createTempFile("cli-err", ".txt");
    try {
      Process p =
          new ProcessBuilder(cmd)
              .redirectOutput(out)
              .redirectError(err)
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError("vaultstream " + String.join(" ", args) + " did not end in 120 s");
      }
      return new CliTest.Run(
          p.exitValue(),
          Files.readString(out.toPath(), StandardCharsets.UTF_8),
          Files.readString(err.toPath(), StandardCharsets.UTF_8));
    } finally {
      out.delete();
      err.delete();
    }
  }
}
