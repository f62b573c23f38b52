package io.vaultstream.connect;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Prometheus' own programs, as installed by Debian's package {@code prometheus} (which .ci/run
 * installs): {@code promtool} and the server. A test that needs them fails, saying how to install
 * them, when they are missing: it is never skipped.
 */
final class PrometheusTools {
  private PrometheusTools() {}

  /** What a program printed and how it ended. */
  record Run(int exitCode, String output) {}

  /**
   * The program's path: {@code VAULTSTREAM_<NAME>} (e.g. VAULTSTREAM_PROMTOOL) if set, else the
   * first on the PATH.
   */
  static Path find(String program) {
    String given = System.getenv("VAULTSTREAM_" + program.toUpperCase(java.util.Locale.ROOT));
    if (given != null && !given.isBlank()) {
      return Path.of(given);
    }
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      Path p = Path.of(dir, program);
      if (Files.isExecutable(p)) {
        return p;
      }
    }
    throw new AssertionError(
        program
            + " is not on the PATH: the alert rules are checked with Prometheus' own tools."
            + " Install Debian's package prometheus (apt-get install prometheus, as .ci/run does),"
            + " or set VAULTSTREAM_"
            + program.toUpperCase(java.util.Locale.ROOT)
            + " to the program's path");
  }

  /** Runs {@code promtool} with the arguments in {@code dir}, waiting at most a minute. */
  static Run promtool(Path dir, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(find("promtool").toString());
    command.addAll(List.of(args));
    Process p =
        new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("promtool " + String.join(" ", args) + " did not end within 60 s");
    }
    return new Run(
        p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
  }
}
