package io.vaultstream.decode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Serializable;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;

/**
 * Fetches Avro writer schemas by id from a Confluent-compatible schema registry ({@code GET
 * /schemas/ids/{id}}) with the JDK HTTP client, and keeps them: a schema id never changes meaning.
 */
public final class SchemaRegistryClient implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String url;
  private transient HttpClient http;
  private transient Map<Integer, Schema> cache;

  /**
   * @param url the registry's base URL, e.g. {@code http://registry:8081}
   */
  public SchemaRegistryClient(String url) {
    this.url = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }

  /** The writer schema with this id. */
  public Schema schema(int id) {
    if (cache == null) {
      cache = new ConcurrentHashMap<>();
      http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    }
    return cache.computeIfAbsent(id, this::fetch);
  }

  private Schema fetch(int id) {
    String where = url + "/schemas/ids/" + id;
    try {
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(URI.create(where))
                  .timeout(Duration.ofSeconds(30))
                  .GET()
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      if (r.statusCode() != 200) {
        throw new DecodeException(
            "the schema registry answered "
                + r.statusCode()
                + " for schema id "
                + id
                + " ("
                + where
                + "): "
                + r.body());
      }
      JsonNode body = JSON.readTree(r.body());
      return new Schema.Parser().parse(body.path("schema").asText());
    } catch (IOException e) {
      throw new DecodeException(
          "cannot read schema id " + id + " from the schema registry at " + where + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DecodeException("interrupted while reading schema id " + id + " from " + where, e);
    }
  }
}
