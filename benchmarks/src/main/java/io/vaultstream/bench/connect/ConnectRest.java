package io.vaultstream.bench.connect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/** The worker's REST API: create, pause and resume connectors and wait for their state. */
final class ConnectRest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final String base;
  private final WorkerProcess worker;

  ConnectRest(int port, WorkerProcess worker) {
    this.base = "http://127.0.0.1:" + port;
    this.worker = worker;
  }

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
            "worker "
                + worker.name
                + " did not answer on "
                + base
                + " within "
                + timeout
                + "; see "
                + worker.log);
      }
      LockSupport.parkNanos(200_000_000L);
    }
  }

  /** Creates (or reconfigures) connector {@code name}. */
  void putConfig(String name, Map<String, String> config) throws Exception {
    HttpResponse<String> r =
        send("PUT", "/connectors/" + name + "/config", JSON.writeValueAsString(config));
    if (r.statusCode() >= 300) {
      throw new IllegalStateException(
          "creating connector " + name + " failed (HTTP " + r.statusCode() + "): " + r.body());
    }
  }

  void pause(String name, int tasks, Duration timeout) throws Exception {
    send("PUT", "/connectors/" + name + "/pause", null);
    awaitState(name, "PAUSED", tasks, timeout);
  }

  void resume(String name) throws Exception {
    send("PUT", "/connectors/" + name + "/resume", null);
  }

  /** Waits until the connector and {@code tasks} tasks are in {@code state}; fails on FAILED. */
  void awaitState(String name, String state, int tasks, Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!inState(name, state, tasks)) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "connector " + name + " not " + state + " within " + timeout + "; see " + worker.log);
      }
      LockSupport.parkNanos(100_000_000L);
    }
  }

  /** Whether it is in the state; throws with the task's trace when a task FAILED. */
  boolean inState(String name, String state, int tasks) throws Exception {
    worker.checkAlive();
    HttpResponse<String> r = send("GET", "/connectors/" + name + "/status", null);
    if (r.statusCode() == 404) {
      return false;
    }
    JsonNode status = JSON.readTree(r.body());
    int matching = 0;
    for (JsonNode t : status.path("tasks")) {
      if ("FAILED".equals(t.path("state").asText())) {
        throw new IllegalStateException(
            "task "
                + t.path("id").asText()
                + " of "
                + name
                + " FAILED: "
                + t.path("trace").asText().lines().limit(12).reduce("", (a, b) -> a + "\n  " + b)
                + "\n(see "
                + worker.log
                + ")");
      }
      matching += state.equals(t.path("state").asText()) ? 1 : 0;
    }
    return state.equals(status.path("connector").path("state").asText()) && matching == tasks;
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
