package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.connect.config.ConfigNames;
import io.vaultstream.connect.config.ConfigReference;
import io.vaultstream.connect.config.OtherSinkSettings;
import io.vaultstream.connect.config.VaultSinkConfig;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.testing.Samples;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.Config;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.ConfigValue;
import org.junit.jupiter.api.Test;

/**
 * Settings as users of other JDBC sinks write them: connection.username, auto.create and
 * auto.evolve apart, and the keys that do not apply named in the reference.
 */
class ConnectConventionsTest {
  private static Map<String, String> props(String... more) {
    Map<String, String> p = new HashMap<>();
    p.put("name", "orders-sink");
    p.put("connector.class", VaultSinkConnector.class.getName());
    p.put("topics", "shop.public.customers");
    p.put(ConfigNames.CONNECTION_URL, "jdbc:postgresql://db:5432/dwh");
    p.put(ConfigNames.VAULT_MODEL_PATH, Samples.shopModel().toString());
    for (int i = 0; i < more.length; i += 2) {
      p.put(more[i], more[i + 1]);
    }
    return p;
  }

  private static List<String> errors(Config c, String name) {
    return c.configValues().stream()
        .filter(v -> v.name().equals(name))
        .findFirst()
        .map(ConfigValue::errorMessages)
        .orElseThrow();
  }

  @Test
  void connectionUsernameIsTheUser() {
    assertThat(new VaultSinkConfig(props("connection.username", "loader")).options().user())
        .isEqualTo("loader");
    assertThat(new VaultSinkConfig(props("connection.user", "loader")).options().user())
        .isEqualTo("loader");
    assertThat(
            new VaultSinkConfig(props("connection.user", "loader", "connection.username", "loader"))
                .options()
                .user())
        .isEqualTo("loader");
    assertThat(new VaultSinkConfig(props()).options().user()).isNull();
  }

  @Test
  void twoDifferentUsersAreAnErrorOnBothFields() {
    Map<String, String> p = props("connection.user", "loader", "connection.username", "admin");
    Config c = new VaultSinkConnector().validate(p);
    String expected =
        "connection.user and connection.username name the same setting (the database user) but"
            + " have different values; give one of them";
    assertThat(errors(c, "connection.user")).containsExactly(expected);
    assertThat(errors(c, "connection.username")).containsExactly(expected);
    c.configValues().stream()
        .filter(v -> !v.name().startsWith("connection.user"))
        .forEach(v -> assertThat(v.errorMessages()).as(v.name()).isEmpty());
    assertThatThrownBy(() -> new VaultSinkConnector().start(p))
        .isInstanceOf(ConfigException.class)
        .hasMessage(expected);
  }

  @Test
  void autoCreateAndAutoEvolveAreOnByDefaultAndSeparate() {
    VaultOptions defaults = new VaultSinkConfig(props()).options();
    assertThat(defaults.autoCreate()).isTrue();
    assertThat(defaults.autoEvolve()).isTrue();
    VaultOptions noEvolve = new VaultSinkConfig(props("auto.evolve", "false")).options();
    assertThat(noEvolve.autoCreate()).isTrue();
    assertThat(noEvolve.autoEvolve()).isFalse();
    VaultOptions noCreate = new VaultSinkConfig(props("auto.create", "false")).options();
    assertThat(noCreate.autoCreate()).isFalse();
    assertThat(noCreate.autoEvolve()).isTrue();
  }

  @Test
  void theKeyMapIsKeptInMemoryByDefaultAndTheKeyTurnsItOff() {
    assertThat(new VaultSinkConfig(props()).options().keyMapCacheKeys()).isEqualTo(100_000);
    assertThat(new VaultSinkConfig(props("key.map.cache.keys", "0")).options().keyMapCacheKeys())
        .isZero();
    assertThatThrownBy(() -> new VaultSinkConfig(props("key.map.cache.keys", "-1")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("key.map.cache.keys");
  }

  @Test
  void eachTaskNamesItsPoolAfterTheConnectorAndItsIndex() {
    Map<String, String> task = props(ConfigNames.TASK_INDEX, "3");
    assertThat(new VaultSinkConfig(task).options().poolName())
        .isEqualTo("vaultstream-orders-sink-3");
    // Characters an object name would need quoted for are replaced; the engine accepts the result.
    task.put("name", "orders, \"eu\":1=x");
    assertThat(new VaultSinkConfig(task).options().poolName())
        .isEqualTo("vaultstream-orders___eu__1_x-3");
    task.put("name", "n".repeat(300));
    assertThat(new VaultSinkConfig(task).options().poolName())
        .hasSize(200)
        .startsWith("vaultstream-nnn")
        .endsWith("n-3");
    // A configuration being validated is no task: no pool name.
    assertThat(new VaultSinkConfig(props()).options().poolName()).isNull();
  }

  @Test
  void keysOfOtherJdbcSinksAreDocumentedAsNotApplyingWithTheReason() {
    String reference = ConfigReference.markdown();
    assertThat(reference).contains("## Keys of other JDBC sinks that do not apply");
    for (String key :
        List.of(
            "insert.mode",
            "pk.mode",
            "primary.key.mode",
            "pk.fields",
            "table.name.format",
            "delete.enabled",
            "schema.evolution")) {
      assertThat(reference).contains("`" + key + "`");
      assertThat(VaultSinkConfig.CONFIG.configKeys()).doesNotContainKey(key);
    }
    assertThat(reference).contains("delete flag").contains("`auto.evolve`");
    assertThat(OtherSinkSettings.given(props("insert.mode", "upsert", "delete.enabled", "true")))
        .containsOnlyKeys("insert.mode", "delete.enabled");
    // A configuration written for the Debezium JDBC sink still validates (its keys are ignored).
    Config c =
        new VaultSinkConnector()
            .validate(
                props(
                    "connection.username", "loader",
                    "insert.mode", "upsert",
                    "primary.key.mode", "record_key",
                    "delete.enabled", "true",
                    "schema.evolution", "basic"));
    c.configValues().forEach(v -> assertThat(v.errorMessages()).as(v.name()).isEmpty());
  }
}
