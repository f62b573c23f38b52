package io.vaultstream.quickstart;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/** The worker's REST API: its plugins, creating a connector and the connector's state. */
final class ConnectRest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  final String base;
  private final ConnectWorker worker;

  ConnectRest(String base, ConnectWorker worker) {
    this.base = base;
    this.worker = worker;
  }

  /** Waits until the worker answers; fails when its JVM ended or the time is up. */
  void awaitUp(Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      worker.checkAlive();
      try {
        if (send("GET", "/connector-plugins", null).statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "the Connect worker did not answer on "
                + base
                + " within "
                + timeout.toSeconds()
                + " s; see its log "
                + worker.log);
      }
      LockSupport.parkNanos(200_000_000L);
    }
  }

  /** The connector classes the worker offers ({@code GET /connector-plugins}). */
  List<String> connectorClasses() throws Exception {
    List<String> classes = new ArrayList<>();
    for (JsonNode p : JSON.readTree(send("GET", "/connector-plugins", null).body())) {
      classes.add(p.path("class").asText() + " " + p.path("version").asText());
    }
    return classes;
  }

  /**
   * Creates connector {@code name}, retrying while the worker is still joining its group (HTTP 409)
   * for up to {@code timeout}.
   */
  void create(String name, Map<String, String> config, Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      HttpResponse<String> r =
          send("PUT", "/connectors/" + name + "/config", JSON.writeValueAsString(config));
      if (r.statusCode() < 300) {
        return;
      }
      if (r.statusCode() != 409 || System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "creating connector " + name + " failed (HTTP " + r.statusCode() + "): " + r.body());
      }
      LockSupport.parkNanos(250_000_000L);
    }
  }

  /** Waits until the connector and its one task are RUNNING; fails at once when one FAILED. */
  void awaitRunning(String name, Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!running(name)) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "connector "
                + name
                + " was not running within "
                + timeout.toSeconds()
                + " s; see "
                + worker.log);
      }
      LockSupport.parkNanos(200_000_000L);
    }
  }

  /** Whether the connector and a task run; throws with the task's error when one FAILED. */
  boolean running(String name) throws Exception {
    worker.checkAlive();
    HttpResponse<String> r = send("GET", "/connectors/" + name + "/status", null);
    if (r.statusCode() == 404) {
      return false;
    }
    JsonNode status = JSON.readTree(r.body());
    boolean taskRunning = false;
    for (JsonNode t : status.path("tasks")) {
      if ("FAILED".equals(t.path("state").asText())) {
        throw new IllegalStateException(
            "task "
                + t.path("id").asText()
                + " of connector "
                + name
                + " FAILED: "
                + t.path("trace").asText().lines().findFirst().orElse("")
                + " (the whole trace is in "
                + worker.log
                + ")");
      }
      taskRunning |= "RUNNING".equals(t.path("state").asText());
    }
    return taskRunning && "RUNNING".equals(status.path("connector").path("state").asText());
  }

  private HttpResponse<String> send(String method, String path, String body)
      throws IOException, InterruptedException {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60));
    b.header("Content-Type", "application/json").header("Accept", "application/json");
    b.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }
}
