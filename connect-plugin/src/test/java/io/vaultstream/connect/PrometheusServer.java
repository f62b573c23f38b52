package io.vaultstream.connect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * A real Prometheus server (Debian's {@code /usr/bin/prometheus}) that scrapes this JVM's beans
 * through the exporter rules every second, as the JMX exporter's agent serves them in a worker, and
 * evaluates the alert rules every second. Its log is in target/.
 */
final class PrometheusServer implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpServer exporter;
  private final Process server;
  private final int port;
  private final HttpClient http = HttpClient.newHttpClient();

  private PrometheusServer(HttpServer exporter, Process server, int port) {
    this.exporter = exporter;
    this.server = server;
    this.port = port;
  }

  /** Starts the exporter's endpoint and the server with {@code rules}, in {@code dir}. */
  static PrometheusServer start(Path dir, Path rules, Callable<String> scrape) throws IOException {
    HttpServer exporter = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    exporter.createContext(
        "/metrics",
        x -> {
          byte[] body;
          int status = 200;
          try {
            body = scrape.call().getBytes(StandardCharsets.UTF_8);
          } catch (Exception e) {
            body = e.toString().getBytes(StandardCharsets.UTF_8);
            status = 500;
          }
          x.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
          x.sendResponseHeaders(status, body.length);
          try (OutputStream out = x.getResponseBody()) {
            out.write(body);
          }
        });
    exporter.start();
    Path config = dir.resolve("prometheus.yml");
    Files.writeString(
        config,
        String.join(
            "\n",
            "global: {scrape_interval: 1s, evaluation_interval: 1s}",
            "rule_files: ['" + rules.toAbsolutePath().normalize() + "']",
            "scrape_configs:",
            "  - job_name: kafka-connect",
            "    static_configs: [{targets: ['127.0.0.1:"
                + exporter.getAddress().getPort()
                + "']}]",
            ""));
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Path log = Path.of("target", "prometheus-" + dir.getFileName() + ".log");
    Process server =
        new ProcessBuilder(
                List.of(
                    PrometheusTools.find("prometheus").toString(),
                    "--config.file=" + config,
                    "--storage.tsdb.path=" + dir.resolve("data"),
                    "--web.listen-address=127.0.0.1:" + port))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    return new PrometheusServer(exporter, server, port);
  }

  /** The {@code data} of an API call's answer, or null while the server does not answer. */
  JsonNode api(String path, String query) throws InterruptedException {
    if (!server.isAlive()) {
      throw new AssertionError("Prometheus ended with " + server.exitValue() + ": see target/");
    }
    String uri =
        "http://127.0.0.1:"
            + port
            + "/api/v1/"
            + path
            + (query == null ? "" : "?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
    try {
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(URI.create(uri)).timeout(Duration.ofSeconds(5)).build(),
              HttpResponse.BodyHandlers.ofString());
      return r.statusCode() == 200 ? JSON.readTree(r.body()).path("data") : null;
    } catch (IOException e) {
      return null; // not listening yet
    }
  }

  @Override
  public void close() {
    server.destroy();
    try {
      if (!server.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
        server.destroyForcibly();
      }
    } catch (InterruptedException e) {
      server.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    exporter.stop(0);
  }
}
