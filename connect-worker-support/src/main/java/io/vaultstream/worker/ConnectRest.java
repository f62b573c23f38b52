package io.vaultstream.worker;

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

/**
 * A worker's REST API: its plugins, creating, pausing and resuming connectors, and waiting (polling
 * with a deadline) for their state. Every call first checks that the worker's JVM still runs.
 */
public final class ConnectRest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** The API's base URL, {@code http://127.0.0.1:<port>}. */
  public final String base;

  private final WorkerProcess worker;

  ConnectRest(String base, WorkerProcess worker) {
    this.base = base;
    this.worker = worker;
  }

  /** Waits until the worker answers; fails when its JVM ended or the time is up. */
  public void awaitUp(Duration timeout) throws Exception {
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
            worker.description
                + " did not answer on "
                + base
                + " within "
                + timeout.toSeconds()
                + " s; see its log "
                + worker.log);
      }
      LockSupport.parkNanos(200_000_000L);
    }
  }

  /** The connector classes the worker offers, each with its version. */
  public List<String> connectorClasses() throws Exception {
    List<String> classes = new ArrayList<>();
    for (JsonNode p : JSON.readTree(send("GET", "/connector-plugins", null).body())) {
      classes.add(p.path("class").asText() + " " + p.path("version").asText());
    }
    return classes;
  }

  /**
   * Creates (or reconfigures) connector {@code name}, retrying while the worker is still joining
   * its group (HTTP 409) for up to {@code timeout}; {@link Duration#ZERO} fails on the first error.
   */
  public void create(String name, Map<String, String> config, Duration timeout) throws Exception {
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

  /** Pauses the connector and waits until it and its {@code tasks} tasks are PAUSED. */
  public void pause(String name, int tasks, Duration timeout) throws Exception {
    send("PUT", "/connectors/" + name + "/pause", null);
    awaitState(name, "PAUSED", tasks, timeout);
  }

  /**
   * Deletes the connector and waits until the worker no longer lists it (its tasks stopped), for at
   * most {@code timeout}.
   */
  public void delete(String name, Duration timeout) throws Exception {
    HttpResponse<String> r = send("DELETE", "/connectors/" + name, null);
    if (r.statusCode() >= 300 && r.statusCode() != 404) {
      throw new IllegalStateException(
          "deleting connector " + name + " failed (HTTP " + r.statusCode() + "): " + r.body());
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    while (send("GET", "/connectors/" + name, null).statusCode() != 404) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("connector " + name + " still listed after " + timeout);
      }
      LockSupport.parkNanos(100_000_000L);
    }
  }

  /** Resumes the connector (without waiting). */
  public void resume(String name) throws Exception {
    send("PUT", "/connectors/" + name + "/resume", null);
  }

  /** Waits until the connector and one task or more are RUNNING; fails at once on FAILED. */
  public void awaitRunning(String name, Duration timeout) throws Exception {
    awaitState(name, "RUNNING", -1, timeout);
  }

  /** Whether the connector and one task or more run; throws with the trace when one FAILED. */
  public boolean running(String name) throws Exception {
    return inState(name, "RUNNING", -1);
  }

  /**
   * Waits until the connector and {@code tasks} tasks (-1: one or more) are in {@code state}; fails
   * at once when a task FAILED.
   */
  public void awaitState(String name, String state, int tasks, Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!inState(name, state, tasks)) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "connector "
                + name
                + " was not "
                + state
                + " within "
                + timeout.toSeconds()
                + " s; see "
                + worker.log);
      }
      LockSupport.parkNanos(100_000_000L);
    }
  }

  /**
   * Whether the connector and {@code tasks} tasks (-1: one or more) are in {@code state}; throws
   * with the task's trace when a task FAILED.
   */
  public boolean inState(String name, String state, int tasks) throws Exception {
    worker.checkAlive();
    HttpResponse<String> r = send("GET", "/connectors/" + name + "/status", null);
    if (r.statusCode() == 404) {
      return false;
    }
    JsonNode status = JSON.readTree(r.body());
    int matching = 0;
    for (JsonNode t : status.path("tasks")) {
      if ("FAILED".equals(t.path("state").asText())) {
        throw failed(name, t);
      }
      matching += state.equals(t.path("state").asText()) ? 1 : 0;
    }
    boolean tasksMatch = tasks < 0 ? matching > 0 : matching == tasks;
    return tasksMatch && state.equals(status.path("connector").path("state").asText());
  }

  private IllegalStateException failed(String name, JsonNode task) {
    return new IllegalStateException(
        "task "
            + task.path("id").asText()
            + " of connector "
            + name
            + " FAILED: "
            + task.path("trace").asText().lines().findFirst().orElse("")
            + " (the whole trace is in "
            + worker.log
            + ")");
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
