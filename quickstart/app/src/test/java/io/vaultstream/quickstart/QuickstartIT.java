package io.vaultstream.quickstart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vaultstream.testing.TestDatabase;
import io.vaultstream.worker.WorkerLaunch;
import io.vaultstream.worker.WorkerProcess;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The quickstart as a newcomer runs it: a real KRaft broker, a Connect worker in its own JVM that
 * installed the plugin from its zip through plugin.path, the shipped example connector, the vault
 * filled; and a second run into the same database loads its own events.
 */
class QuickstartIT {

  record Run(int code, String out, String err) {}

  /** Runs one command of the quickstart's jar in this JVM. */
  static Run run(QuickstartCommand quickstart, String... args) {
    CommandLine cl = QuickstartMain.commandLine(quickstart);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  @Test
  void aWorkerProcessWithThePluginFromPluginPathFillsTheVaultAndASecondRunLoadsItsNewEvents()
      throws Exception {
    String schema = TestDatabase.newSchema();
    String url = TestDatabase.jdbcUrl();
    assertThat(workerJars())
        .anyMatch(j -> j.startsWith("connect-runtime-"))
        .noneMatch(j -> j.startsWith("vaultstream") || j.startsWith("shared-vault-logic"));

    QuickstartCommand first = new QuickstartCommand();
    CommandLine cl = QuickstartMain.commandLine(first);
    StringWriter out = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(out, true));
    CompletableFuture<Integer> code =
        CompletableFuture.supplyAsync(
            () ->
                cl.execute(
                    "quickstart",
                    "--events",
                    "500",
                    "--rate",
                    "500",
                    "--jdbc-url",
                    url,
                    "--schema",
                    schema,
                    "--keep-running"));
    await()
        .atMost(Duration.ofMinutes(5))
        .pollInterval(Duration.ofMillis(200))
        .until(() -> code.isDone() || out.toString().contains("press Ctrl-C"));
    assertThat(code).as("the run ended early:%n%s", out).isNotDone();
    assertThat(out.toString())
        .containsPattern("produced\\s+500\\s+loaded\\s+500")
        .contains("Rows per vault table (without the ghost records, record_source 'SYSTEM'")
        .contains("./vaultstream status --jdbc-url '" + url + "' --schema " + schema)
        .contains("The rows stay in your database.")
        .doesNotContain("WARN")
        .doesNotContain("Exception");

    WorkerProcess worker = first.worker();
    ProcessHandle process = ProcessHandle.of(worker.pid()).orElseThrow();
    assertThat(worker.pid()).isNotEqualTo(ProcessHandle.current().pid());
    assertThat(process.info().commandLine().orElse(""))
        .contains(WorkerLaunch.MAIN_CLASS)
        .contains("worker-lib/*");
    HttpResponse<String> plugins =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(worker.rest.base + "/connector-plugins")).build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(plugins.body()).contains("\"class\":\"io.vaultstream.connect.VaultSinkConnector\"");
    String log = Files.readString(worker.log);
    assertThat(log)
        .containsPattern("Loading plugin from: \\S*/plugins/vaultstream-vaultstream-[^/\\s]+")
        .containsPattern("Added plugin 'io.vaultstream.connect.VaultSinkConnector'");
    assertThat(storedEvents(schema, first.connectorName())).isEqualTo(500);
    long customerVersions = rows(schema, "sat_customer");
    assertThat(rows(schema, "lnk_order_customer")).isPositive();

    first.requestStop();
    assertThat(code.get(2, TimeUnit.MINUTES)).isZero();
    await().atMost(Duration.ofSeconds(30)).until(() -> !process.isAlive());
    assertThat(out.toString())
        .contains("Stopping the Connect worker...")
        .contains("Stopping the Kafka broker...");

    // A new broker (offsets from 0 again) into the same vault: its events are loaded, not skipped.
    QuickstartCommand second = new QuickstartCommand();
    Run again =
        run(
            second,
            "quickstart",
            "--events",
            "500",
            "--rate",
            "500",
            "--jdbc-url",
            url,
            "--schema",
            schema);
    assertThat(again.code()).as(again.err()).isZero();
    assertThat(second.connectorName()).isNotEqualTo(first.connectorName());
    assertThat(again.out()).containsPattern("produced\\s+500\\s+loaded\\s+500");
    assertThat(storedEvents(schema, second.connectorName())).isEqualTo(500);
    assertThat(rows(schema, "sat_customer")).isGreaterThan(customerVersions);
  }

  private static List<String> workerJars() throws Exception {
    try (Stream<Path> s = Files.list(QuickstartHome.workerLib())) {
      return s.map(p -> p.getFileName().toString()).toList();
    }
  }

  private static long storedEvents(String schema, String connector) throws Exception {
    return Long.parseLong(
        TestDatabase.value(
            "SELECT coalesce(sum(next_offset), 0) FROM "
                + schema
                + ".vs_progress WHERE consumer = '"
                + connector
                + "'"));
  }

  private static long rows(String schema, String table) throws Exception {
    return Long.parseLong(
        TestDatabase.value(
            "SELECT count(*) FROM " + schema + "." + table + " WHERE record_source <> 'SYSTEM'"));
  }
}
