package io.vaultstream.quickstart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C on {@code vaultstream quickstart --keep-running}, run from its jar as a user runs it with
 * the embedded PostgreSQL: the worker, then the broker, then PostgreSQL stop, and the console shows
 * no stack trace and no broker or worker log line.
 */
class QuickstartCtrlCIT {
  private static final Pattern WORKER_PID = Pattern.compile("ConnectDistributed, pid (\\d+)\\)");

  @Test
  void ctrlCStopsTheWorkerThenTheBrokerThenPostgresQuietly(@TempDir Path dir) throws Exception {
    Path jar = QuickstartHome.directory().resolve("vaultstream-quickstart.jar");
    assertThat(jar).as("the packaged quickstart").isRegularFile();
    Path console = dir.resolve("console.txt");
    List<String> command = new ArrayList<>();
    if (interruptIgnored()) {
      // Started in the background of a shell without job control (a CI script run with '&'), this
      // JVM and every process it starts ignore SIGINT, as a terminal's Ctrl-C must not reach such
      // jobs; the JVM then leaves SIGINT ignored. The quickstart gets it as a terminal gives it.
      command.addAll(List.of("env", "--default-signal=INT"));
    }
    command.addAll(
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-jar",
            jar.toString(),
            "quickstart",
            "--events",
            "200",
            "--rate",
            "200",
            "--keep-running"));
    Process quickstart =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(console.toFile())
            .start();
    try {
      await()
          .atMost(Duration.ofMinutes(5))
          .pollInterval(Duration.ofMillis(200))
          .until(() -> !quickstart.isAlive() || Files.readString(console).contains("press Ctrl-C"));
      assertThat(quickstart.isAlive()).as("the run ended early:%n%s", read(console)).isTrue();
      Matcher pid = WORKER_PID.matcher(read(console));
      assertThat(pid.find()).as("the worker's pid in:%n%s", read(console)).isTrue();
      ProcessHandle worker = ProcessHandle.of(Long.parseLong(pid.group(1))).orElseThrow();

      // What the terminal sends on Ctrl-C.
      new ProcessBuilder("kill", "-INT", Long.toString(quickstart.pid())).start().waitFor();

      if (!quickstart.waitFor(2, TimeUnit.MINUTES)) {
        // Keep what it waits on: the console goes with the temporary directory.
        throw new AssertionError(
            String.format(
                "the quickstart did not stop within 2 minutes of Ctrl-C.%n--- console ---%n%s"
                    + "%n--- quickstart threads ---%n%s%n--- worker (alive: %s) threads ---%n%s",
                read(console),
                threads(quickstart.pid(), dir),
                worker.isAlive(),
                worker.isAlive() ? threads(worker.pid(), dir) : ""));
      }
      assertThat(quickstart.exitValue()).isEqualTo(QuickstartCommand.INTERRUPTED);
      String out = read(console);
      assertThat(out)
          .containsSubsequence(
              "Everything keeps running; press Ctrl-C to stop.",
              "Stopping the Connect worker...",
              "Stopping the Kafka broker...",
              "Stopping the embedded PostgreSQL...",
              "Stopped.")
          .doesNotContain("Exception")
          .doesNotContain("\tat ")
          .doesNotContain("WARN")
          .doesNotContain("ERROR");
      assertThat(worker.isAlive()).as("the worker's JVM").isFalse();
    } finally {
      quickstart.destroyForcibly();
    }
  }

  /** Whether this process ignores SIGINT (Linux: bit 2 of SigIgn in /proc/self/status). */
  private static boolean interruptIgnored() throws Exception {
    Path status = Path.of("/proc/self/status");
    if (!Files.isReadable(status)) {
      return false;
    }
    for (String line : Files.readAllLines(status)) {
      if (line.startsWith("SigIgn:")) {
        return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & 2L) != 0;
      }
    }
    return false;
  }

  /**
   * The threads of a running JVM, as {@code jcmd Thread.print} lists them; what it printed within
   * 30 seconds (a JVM that does not answer cannot hold the test).
   */
  private static String threads(long pid, Path dir) {
    try {
      Path out = dir.resolve("threads-" + pid + ".txt");
      Process jcmd =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                  Long.toString(pid),
                  "Thread.print")
              .redirectErrorStream(true)
              .redirectOutput(out.toFile())
              .start();
      if (!jcmd.waitFor(30, TimeUnit.SECONDS)) {
        jcmd.destroyForcibly();
      }
      return Files.readString(out);
    } catch (Exception e) {
      return "(no thread dump: " + e + ")";
    }
  }

  private static String read(Path file) throws Exception {
    return Files.readString(file);
  }
}
