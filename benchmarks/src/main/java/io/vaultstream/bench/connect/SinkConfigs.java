package io.vaultstream.bench.connect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The two connectors' configurations: the same topics, the same database, schemas of their own. */
final class SinkConfigs {
  static final String VAULT_SCHEMA = "bench_vault";
  static final String JDBC_SCHEMA = "bench_jdbc";
  static final String VAULTSTREAM = "vaultstream-shop";
  static final String DEBEZIUM = "debezium-jdbc-shop";
  static final String FLOOR = "floor-null-sink";
  private static final String TOPICS = "shop\\.public\\..*";

  private SinkConfigs() {}

  /**
   * The example the README shows (connect-plugin/src/main/etc/vaultstream-shop.json), pointed at
   * this run's database, model and task count; every other setting as shipped.
   */
  static Map<String, String> vaultstream(String jdbcUrl, Path model, int tasks) throws IOException {
    Path example =
        PluginInstall.repositoryRoot().resolve("connect-plugin/src/main/etc/vaultstream-shop.json");
    JsonNode config = new ObjectMapper().readTree(example.toFile()).get("config");
    Map<String, String> c = new LinkedHashMap<>();
    config.fields().forEachRemaining(e -> c.put(e.getKey(), e.getValue().asText()));
    c.put("tasks.max", Integer.toString(tasks));
    c.put("connection.url", jdbcUrl);
    c.remove("connection.user"); // the URL carries them
    c.remove("connection.password");
    c.put("target.schema", VAULT_SCHEMA);
    c.put("vault.model.path", model.toString());
    return c;
  }

  /** The Debezium JDBC sink with the settings of the figures quoted in the project's issues. */
  static Map<String, String> debezium(String jdbcUrl, int tasks) {
    return debezium(jdbcUrl, tasks, JDBC_SCHEMA);
  }

  /** The same, its tables in {@code schema} (on MariaDB, a database). */
  static Map<String, String> debezium(String jdbcUrl, int tasks, String schema) {
    Map<String, String> c = new LinkedHashMap<>();
    c.put("connector.class", "io.debezium.connector.jdbc.JdbcSinkConnector");
    c.put("tasks.max", Integer.toString(tasks));
    c.put("topics.regex", TOPICS);
    converters(c);
    boolean mariadb = jdbcUrl.startsWith("jdbc:mariadb:");
    // On MariaDB the sink creates its tables in the URL's database, whatever the name format says:
    // it is given its own database in the URL.
    c.put("connection.url", mariadb ? withDatabase(jdbcUrl, schema) : jdbcUrl);
    String user = queryParameter(jdbcUrl, "user");
    c.put("connection.username", user != null ? user : mariadb ? "root" : "postgres");
    String password = queryParameter(jdbcUrl, "password");
    if (password != null) {
      c.put("connection.password", password);
    }
    c.put("insert.mode", "upsert");
    c.put("primary.key.mode", "record_key");
    c.put("delete.enabled", "true");
    c.put("schema.evolution", "basic");
    c.put("batch.size", "500");
    c.put("use.time.zone", "UTC");
    c.put("collection.name.format", mariadb ? "${topic}" : schema + ".${topic}");
    return c;
  }

  /**
   * The floor: Kafka's own FileStreamSinkConnector writing each record's text to /dev/null, behind
   * the same converters. What no sink can beat on this machine: the broker, the worker's consumer
   * and the JsonConverter with schemas.
   */
  static Map<String, String> floor(int tasks) {
    Map<String, String> c = new LinkedHashMap<>();
    c.put("connector.class", "org.apache.kafka.connect.file.FileStreamSinkConnector");
    c.put("tasks.max", Integer.toString(tasks));
    c.put("topics.regex", TOPICS);
    converters(c);
    c.put("file", "/dev/null");
    return c;
  }

  /**
   * A sink that does nothing: Kafka's FileStreamSinkConnector to /dev/null behind the
   * ByteArrayConverter for keys, values and headers, as vaultstream's example (each record's bytes
   * printed as an array's identity), so that what it costs is the broker, the worker's consumer and
   * the records' hand-over: R of the physical ceiling.
   */
  static Map<String, String> noop() {
    Map<String, String> c = new LinkedHashMap<>();
    c.put("connector.class", "org.apache.kafka.connect.file.FileStreamSinkConnector");
    c.put("tasks.max", "1");
    c.put("topics.regex", TOPICS);
    c.put("key.converter", "org.apache.kafka.connect.converters.ByteArrayConverter");
    c.put("value.converter", "org.apache.kafka.connect.converters.ByteArrayConverter");
    c.put("header.converter", "org.apache.kafka.connect.converters.ByteArrayConverter");
    c.put("file", "/dev/null");
    return c;
  }

  private static void converters(Map<String, String> c) {
    c.put("key.converter", "org.apache.kafka.connect.json.JsonConverter");
    c.put("key.converter.schemas.enable", "true");
    c.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
    c.put("value.converter.schemas.enable", "true");
  }

  /** A {@code jdbc:mariadb://host:port/db?...} URL with another database. */
  static String withDatabase(String jdbcUrl, String database) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("^(jdbc:mariadb://[^/?]+)(/[^?]*)?(\\?.*)?$")
            .matcher(jdbcUrl);
    if (!m.matches()) {
      throw new IllegalArgumentException("not a jdbc:mariadb://host/database URL: " + jdbcUrl);
    }
    return m.group(1) + "/" + database + (m.group(3) == null ? "" : m.group(3));
  }

  /** A parameter of a JDBC URL's query ({@code ?user=postgres&password=...}), or null. */
  static String queryParameter(String jdbcUrl, String name) {
    String query = URI.create(jdbcUrl.replaceFirst("^jdbc:", "")).getRawQuery();
    if (query == null) {
      return null;
    }
    for (String kv : query.split("&")) {
      int eq = kv.indexOf('=');
      if (eq > 0 && kv.substring(0, eq).equals(name)) {
        return java.net.URLDecoder.decode(
            kv.substring(eq + 1), java.nio.charset.StandardCharsets.UTF_8);
      }
    }
    return null;
  }
}
