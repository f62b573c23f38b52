package io.vaultstream.quickstart;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The quickstart's connector: the shipped example (etc/vaultstream-shop.json of the plugin) with
 * this run's database, schema and model file; every other setting as shipped.
 */
final class ShopConnector {
  /** A password parameter of a JDBC URL, with the separator before it. */
  static final Pattern PASSWORD_PARAMETER = Pattern.compile("(?i)([?&;])password=([^&;]*)[&;]?");

  private ShopConnector() {}

  /**
   * The connector's name for a broker: the example's name and the Kafka cluster's id. The loader
   * stores its positions per connector name (table vs_progress); a new name per cluster means a
   * second quickstart into the same database never resumes at the offsets of an earlier, gone
   * cluster (whose topics started again at 0) and so never skips the new events.
   */
  static String name(String exampleName, String clusterId) {
    return exampleName + "-" + clusterId;
  }

  /** The example's {@code name}. */
  static String exampleName(Path example) throws IOException {
    return new ObjectMapper().readTree(example.toFile()).path("name").asText("vaultstream-shop");
  }

  /** The example's settings pointed at {@code jdbcUrl}, {@code schema} and {@code model}. */
  static Map<String, String> config(Path example, String jdbcUrl, String schema, Path model)
      throws IOException {
    JsonNode shipped = new ObjectMapper().readTree(example.toFile()).path("config");
    Map<String, String> c = new LinkedHashMap<>();
    shipped.fields().forEachRemaining(e -> c.put(e.getKey(), e.getValue().asText()));
    // The example's user and password are placeholders; the URL names the user.
    c.remove("connection.user");
    c.remove("connection.password");
    putConnection(c, jdbcUrl);
    c.put("target.schema", schema);
    c.put("vault.model.path", model.toAbsolutePath().toString());
    return c;
  }

  /**
   * Puts the URL into the connector's configuration, a password parameter moved out of it into
   * connection.password: the connector refuses a password inside the URL (it would be shown and
   * logged).
   */
  static void putConnection(Map<String, String> config, String url) {
    Matcher password = PASSWORD_PARAMETER.matcher(url);
    if (password.find()) {
      // pgjdbc decodes URL parameters; the setting takes the password itself.
      config.put(
          "connection.password", URLDecoder.decode(password.group(2), StandardCharsets.UTF_8));
    }
    config.put("connection.url", password.replaceAll("$1").replaceFirst("[?&;]$", ""));
  }
}
