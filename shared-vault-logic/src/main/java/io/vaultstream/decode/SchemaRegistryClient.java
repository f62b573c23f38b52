package io.vaultstream.decode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Serializable;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.Schema;

/**
 * Fetches Avro writer schemas by id from a Confluent-compatible schema registry ({@code GET
 * /schemas/ids/{id}}) with the JDK HTTP client, and keeps them: a schema id never changes meaning.
 *
 * <p>Only an answer about the id itself makes the record a bad record ({@link DecodeException}): a
 * client error, or a 404 that lasts. A 404 is first taken for a registry that does not know the id
 * yet (a follower behind its leader) and is an outage for {@value #UNKNOWN_ID_WAIT_MS} ms from the
 * first one; after that the answer is kept for {@value #UNKNOWN_ID_KEEP_MS} ms, so records with an
 * unknown id do not each ask again. An outage (5xx, 408, 429, a timeout, a refused connection) is
 * {@link SchemaRegistryUnavailableException}, retried by the runtimes; a refusal of the credentials
 * (401, 403) is {@link SchemaRegistryException}, which fails the task until the configuration
 * changes.
 */
public final class SchemaRegistryClient implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final ObjectMapper JSON = new ObjectMapper();
  // Confluent's basic.auth.credentials.source=URL: http://user:password@host:8081
  private static final Pattern USER_INFO = Pattern.compile("^(https?://)([^/@]*)@(.*)$");

  /** How long a 404 for a schema id is waited out (retried) before the record is a bad record. */
  static final long UNKNOWN_ID_WAIT_MS = 20_000;

  /** How long a lasting 404 is kept before the registry is asked again. */
  static final long UNKNOWN_ID_KEEP_MS = 10_000;

  private final String url;
  private final SchemaRegistryAuth auth;
  private final long unknownWaitMs;
  private final long unknownKeepMs;
  private transient volatile Fetcher fetcher;

  /**
   * @param url the registry's base URL, e.g. {@code http://registry:8081}
   */
  public SchemaRegistryClient(String url) {
    this(url, null);
  }

  /**
   * @param url the registry's base URL; user info in it ({@code http://user:password@host}) is
   *     basic authentication when {@code auth} configures none
   * @param auth how to authenticate; null for none
   */
  public SchemaRegistryClient(String url, SchemaRegistryAuth auth) {
    this(url, auth, UNKNOWN_ID_WAIT_MS, UNKNOWN_ID_KEEP_MS);
  }

  SchemaRegistryClient(
      String url, SchemaRegistryAuth auth, long unknownWaitMs, long unknownKeepMs) {
    this.unknownWaitMs = unknownWaitMs;
    this.unknownKeepMs = unknownKeepMs;
    String base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    Matcher m = USER_INFO.matcher(base);
    if (m.matches()) {
      base = m.group(1) + m.group(3);
      if (auth == null || !auth.configured()) {
        auth = new SchemaRegistryAuth(URLDecoder.decode(m.group(2), StandardCharsets.UTF_8), null);
      }
    }
    this.url = base;
    this.auth = auth == null ? SchemaRegistryAuth.none() : auth;
  }

  /** The writer schema with this id. */
  public Schema schema(int id) {
    Fetcher f = fetcher();
    Schema known = f.cache.get(id);
    if (known != null) {
      return known;
    }
    long now = System.nanoTime();
    Unknown u = f.unknown.get(id);
    if (u != null && u.keptUntil != 0 && now - u.keptUntil < 0) {
      throw new DecodeException(u.answer);
    }
    try {
      // A failed fetch stores no schema: the next record with this id asks again.
      Schema s = f.cache.computeIfAbsent(id, i -> fetch(f.http, i));
      f.unknown.remove(id);
      return s;
    } catch (NotFound e) {
      Unknown first = f.unknown.computeIfAbsent(id, i -> new Unknown(now));
      if (now - first.since < unknownWaitMs * 1_000_000L) {
        throw new SchemaIdNotYetKnownException(
            e.getMessage()
                + "; waiting for the registry to know it (a follower may lag behind its leader),"
                + " at most "
                + unknownWaitMs
                + " ms before the record is a bad record");
      }
      first.answer = e.getMessage();
      first.keptUntil = now + unknownKeepMs * 1_000_000L;
      throw new DecodeException(e.getMessage());
    }
  }

  /** A schema id the registry answered 404 for: since when, and until when the answer is kept. */
  private static final class Unknown {
    final long since;
    volatile long keptUntil;
    volatile String answer;

    Unknown(long since) {
      this.since = since;
    }
  }

  /** A 404 for the schema id. */
  private static final class NotFound extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NotFound(String message) {
      super(message, null, false, false);
    }
  }

  private Fetcher fetcher() {
    Fetcher f = fetcher;
    if (f == null) {
      synchronized (this) {
        if (fetcher == null) {
          fetcher = new Fetcher();
        }
        f = fetcher;
      }
    }
    return f;
  }

  /** The HTTP client and the schemas fetched, made where the client is used (not serialized). */
  private static final class Fetcher {
    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    final Map<Integer, Schema> cache = new ConcurrentHashMap<>();
    final Map<Integer, Unknown> unknown = new ConcurrentHashMap<>();
  }

  private Schema fetch(HttpClient http, int id) {
    String where = url + "/schemas/ids/" + id;
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(where)).timeout(Duration.ofSeconds(30)).GET();
    if (auth.header() != null) {
      request.header("Authorization", auth.header());
    }
    HttpResponse<String> r;
    try {
      r = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new SchemaRegistryUnavailableException(
          "cannot reach the schema registry at " + where + " for schema id " + id + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SchemaRegistryUnavailableException(
          "interrupted while reading schema id " + id + " from " + where, e);
    }
    checkStatus(r, where, id);
    return parse(r.body(), where, id);
  }

  /**
   * Throws what a status other than 200 means: credentials refused, an outage, an unknown id, a
   * problem of the record, or no schema registry at all.
   */
  private void checkStatus(HttpResponse<String> r, String where, int id) {
    int status = r.statusCode();
    String answer =
        "the schema registry answered "
            + status
            + " for schema id "
            + id
            + " ("
            + where
            + "): "
            + shortened(r.body());
    if (status == 401 || status == 403 || status == 407) {
      throw new SchemaRegistryException(
          answer + "; it refuses the credentials (" + auth + "): correct them, then restart");
    }
    if (status == 408 || status == 429 || status >= 500) {
      throw new SchemaRegistryUnavailableException(answer);
    }
    if (status == 404) {
      throw new NotFound(answer);
    }
    if (status >= 400) {
      throw new DecodeException(answer); // about this id: the record's own problem
    }
    if (status != 200) {
      throw new SchemaRegistryException(answer + "; not an answer of a schema registry");
    }
  }

  private static Schema parse(String answer, String where, int id) {
    JsonNode body;
    try {
      body = JSON.readTree(answer);
    } catch (IOException e) {
      throw new SchemaRegistryException(
          "the answer of " + where + " is not JSON; is it a schema registry? " + e.getMessage(), e);
    }
    try {
      return new Schema.Parser().parse(body.path("schema").asText());
    } catch (RuntimeException e) {
      throw new DecodeException(
          "schema id " + id + " from " + where + " is not an Avro schema: " + e.getMessage(), e);
    }
  }

  private static String shortened(String body) {
    return body == null || body.length() <= 300 ? body : body.substring(0, 300) + "...";
  }
}
