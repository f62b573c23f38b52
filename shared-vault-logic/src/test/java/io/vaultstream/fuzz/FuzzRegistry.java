package io.vaultstream.fuzz;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A schema registry on loopback serving the writer schemas a fuzz run generates ({@code GET
 * /schemas/ids/{id}}, as Confluent's registry answers it); unknown ids are answered 404.
 */
public final class FuzzRegistry implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpServer server;
  private final Map<Integer, String> schemas = new ConcurrentHashMap<>();
  private final AtomicInteger next = new AtomicInteger(1);

  public FuzzRegistry() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/schemas/ids/",
        ex -> {
          String id = ex.getRequestURI().getPath().substring("/schemas/ids/".length());
          String schema = null;
          try {
            schema = schemas.get(Integer.parseInt(id));
          } catch (NumberFormatException e) {
            // answered 404 below
          }
          int status = schema == null ? 404 : 200;
          String body =
              schema == null
                  ? "{\"error_code\":40403,\"message\":\"Schema not found\"}"
                  : JSON.writeValueAsString(Map.of("schema", schema));
          byte[] b = body.getBytes(StandardCharsets.UTF_8);
          ex.sendResponseHeaders(status, b.length);
          try (OutputStream o = ex.getResponseBody()) {
            o.write(b);
          }
        });
    server.start();
  }

  /** Registers a schema (its JSON text) and returns its id. */
  public int register(String schema) {
    int id = next.getAndIncrement();
    schemas.put(id, schema);
    return id;
  }

  /** The registry's base URL. */
  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
