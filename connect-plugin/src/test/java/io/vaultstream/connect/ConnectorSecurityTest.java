package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.connect.config.ConfigNames;
import io.vaultstream.connect.config.VaultSinkConfig;
import io.vaultstream.testing.Samples;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.Config;
import org.apache.kafka.common.config.ConfigValue;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.WriterAppender;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a caller of the Connect REST API can make the connector read, show or log: the validate call
 * without a worker, and the worker's log of the connector's configuration.
 */
class ConnectorSecurityTest {
  private static final String SECRET = "Sup3r-s3cret";

  private static Map<String, String> props(String... more) {
    Map<String, String> p = new HashMap<>();
    p.put("name", "vault");
    p.put("connector.class", VaultSinkConnector.class.getName());
    p.put("topics", "shop.public.customers");
    p.put(ConfigNames.CONNECTION_URL, "jdbc:postgresql://db:5432/dwh?user=vault");
    p.put(ConfigNames.VAULT_MODEL_PATH, Samples.shopModel().toString());
    for (int i = 0; i < more.length; i += 2) {
      p.put(more[i], more[i + 1]);
    }
    return p;
  }

  private static ConfigValue field(Config c, String name) {
    return c.configValues().stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow();
  }

  private static List<String> errors(Config c, String name) {
    return field(c, name).errorMessages();
  }

  @Test
  void aValidConfigurationHasNoErrors() {
    Config c = new VaultSinkConnector().validate(props());
    c.configValues().forEach(v -> assertThat(v.errorMessages()).as(v.name()).isEmpty());
  }

  @Test
  void aPasswordInTheUrlIsRejectedAndNotReturned() {
    for (String url :
        List.of(
            "jdbc:postgresql://db:5432/dwh?user=vault&password=" + SECRET,
            "jdbc:postgresql://db:5432/dwh?PASSWORD=" + SECRET + "&ssl=true",
            "jdbc:postgresql://vault:" + SECRET + "@db:5432/dwh")) {
      Config c = new VaultSinkConnector().validate(props(ConfigNames.CONNECTION_URL, url));
      assertThat(errors(c, ConfigNames.CONNECTION_URL))
          .as(url)
          .singleElement()
          .asString()
          .contains("must not carry a password")
          .contains("connection.password")
          .contains("${file:")
          .contains("${env:")
          .doesNotContain(SECRET);
      assertThat(String.valueOf(field(c, ConfigNames.CONNECTION_URL).value()))
          .as("the value validate returns")
          .doesNotContain(SECRET)
          .contains("***");
      c.configValues()
          .forEach(v -> assertThat(v.errorMessages().toString()).doesNotContain(SECRET));
    }
    // The password setting is the way.
    Config ok = new VaultSinkConnector().validate(props(ConfigNames.CONNECTION_PASSWORD, SECRET));
    assertThat(errors(ok, ConfigNames.CONNECTION_URL)).isEmpty();
  }

  @Test
  void theConfigurationIsLoggedWithTheUrlMasked() {
    StringWriter log = new StringWriter();
    WriterAppender appender = new WriterAppender(new PatternLayout("%m%n"), log);
    Logger root = Logger.getRootLogger();
    Level before = root.getLevel();
    root.addAppender(appender);
    root.setLevel(Level.INFO);
    try {
      new VaultSinkConfig(
          props(
              ConfigNames.CONNECTION_URL,
              "jdbc:postgresql://db:5432/dwh?user=vault&password=" + SECRET,
              ConfigNames.CONNECTION_PASSWORD,
              SECRET));
    } finally {
      root.removeAppender(appender);
      root.setLevel(before);
    }
    assertThat(log.toString())
        .contains("connection.url = jdbc:postgresql://db:5432/dwh?user=vault&password=***")
        .contains("connection.password = [hidden]")
        .doesNotContain(SECRET);
  }

  @Test
  void theModelPathReadsOnlyRegularFiles(@TempDir Path dir) throws Exception {
    // Without vault.model.allowed.dir, a directory and a missing file are one answer: a caller of
    // the REST API learns nothing of which paths exist on the worker.
    for (Path p : new Path[] {dir, dir.resolve("missing.json"), dir.resolve("no/such.json")}) {
      Config c =
          new VaultSinkConnector().validate(props(ConfigNames.VAULT_MODEL_PATH, p.toString()));
      assertThat(errors(c, ConfigNames.VAULT_MODEL_PATH))
          .as(p.toString())
          .containsExactly(
              "Cannot read the vault model file "
                  + p
                  + ": it does not exist, is not a regular file or may not be read; give the path"
                  + " of a JSON or YAML model file that the process can read (the reason is told"
                  + " for files inside an allowed directory of models)");
    }

    Path shadow = dir.resolve("shadow");
    Files.writeString(
        shadow,
        "root:$6$Zq1sAlt$Hx9ShadowHash:19700:0:99999:7:::\nvault: $6$An0ther$abc\n  - [x: {\n");
    Config secret =
        new VaultSinkConnector().validate(props(ConfigNames.VAULT_MODEL_PATH, shadow.toString()));
    assertThat(errors(secret, ConfigNames.VAULT_MODEL_PATH))
        .singleElement()
        .asString()
        .contains("this document is not a vaultstream model")
        .doesNotContain("root", "$6$", "Hash", "An0ther");
  }

  @Test
  void theModelPathStaysInsideTheAllowedDirectory(@TempDir Path dir) throws Exception {
    Path allowed = Files.createDirectory(dir.resolve("models"));
    Path inside = Files.copy(Samples.shopModel(), allowed.resolve("shop.json"));
    Config ok =
        new VaultSinkConnector()
            .validate(
                props(
                    ConfigNames.VAULT_MODEL_PATH, inside.toString(),
                    ConfigNames.VAULT_MODEL_ALLOWED_DIR, allowed.toString()));
    ok.configValues().forEach(v -> assertThat(v.errorMessages()).as(v.name()).isEmpty());

    Config outside =
        new VaultSinkConnector()
            .validate(
                props(
                    ConfigNames.VAULT_MODEL_PATH,
                    "/etc/passwd",
                    ConfigNames.VAULT_MODEL_ALLOWED_DIR,
                    allowed.toString()));
    assertThat(errors(outside, ConfigNames.VAULT_MODEL_PATH))
        .containsExactly(
            "The vault model file /etc/passwd is not inside the directory vault models may be read"
                + " from ("
                + allowed
                + "), after symbolic links; put the model there");

    Config notADirectory =
        new VaultSinkConnector()
            .validate(
                props(
                    ConfigNames.VAULT_MODEL_PATH, inside.toString(),
                    ConfigNames.VAULT_MODEL_ALLOWED_DIR, inside.toString()));
    assertThat(errors(notADirectory, ConfigNames.VAULT_MODEL_ALLOWED_DIR))
        .singleElement()
        .asString()
        .contains("is not one");
  }

  @Test
  void userInfoInTheSchemaRegistryUrlIsRefusedPointingToTheBasicAuthSetting() {
    Config c =
        new VaultSinkConnector()
            .validate(
                props(ConfigNames.SCHEMA_REGISTRY, "https://reg:" + SECRET + "@registry:8081"));
    assertThat(errors(c, ConfigNames.SCHEMA_REGISTRY))
        .singleElement()
        .asString()
        .startsWith("input.schema.registry.url must not carry user info (user:password@)")
        .contains("GET /connectors/<name>/config")
        .contains("input.schema.registry.basic.auth.user.info")
        .doesNotContain(SECRET);
    assertThat(String.valueOf(field(c, ConfigNames.SCHEMA_REGISTRY).value()))
        .doesNotContain(SECRET);
    Config ok =
        new VaultSinkConnector()
            .validate(
                props(
                    ConfigNames.SCHEMA_REGISTRY,
                    "https://registry:8081",
                    ConfigNames.SCHEMA_REGISTRY_USER_INFO,
                    "reg:" + SECRET));
    ok.configValues().forEach(v -> assertThat(v.errorMessages()).as(v.name()).isEmpty());
  }

  @Test
  void aTargetSchemaTheDatabaseWouldCutIsRefused() {
    Config c = new VaultSinkConnector().validate(props(ConfigNames.TARGET_SCHEMA, "s".repeat(64)));
    assertThat(errors(c, ConfigNames.TARGET_SCHEMA))
        .singleElement()
        .asString()
        .contains("has 64 bytes (UTF-8); PostgreSQL keeps at most 63");
    Config maria =
        new VaultSinkConnector()
            .validate(
                props(
                    ConfigNames.CONNECTION_URL,
                    "jdbc:mariadb://db:3306/dwh",
                    ConfigNames.TARGET_SCHEMA,
                    "m".repeat(65)));
    assertThat(errors(maria, ConfigNames.TARGET_SCHEMA))
        .singleElement()
        .asString()
        .contains("has 65 characters; a MariaDB database name has at most 64");
    Config ok = new VaultSinkConnector().validate(props(ConfigNames.TARGET_SCHEMA, "s".repeat(63)));
    assertThat(errors(ok, ConfigNames.TARGET_SCHEMA)).isEmpty();
  }

  @Test
  void aModelTopicThatIsNoKafkaTopicNameIsRefused() throws Exception {
    String model =
        Files.readString(Samples.shopModel())
            .replace("\"shop.public.customers\"", "\"shop.public.customers,other\"");
    Map<String, String> p = props(ConfigNames.VAULT_MODEL, model);
    p.remove(ConfigNames.VAULT_MODEL_PATH);
    Config c = new VaultSinkConnector().validate(p);
    assertThat(errors(c, ConfigNames.VAULT_MODEL))
        .containsExactly(
            "/sources/customers/topic: 'shop.public.customers,other' is not a Kafka topic name: 1"
                + " to 249 ASCII letters, digits, '.', '_' or '-' (and not '.' or '..')");
  }
}
