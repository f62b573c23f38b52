package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.connect.config.ConfigNames;
import io.vaultstream.connect.config.VaultSinkConfig;
import io.vaultstream.engine.VaultOptions;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The fault settings map into the engine's options; registry secrets are never shown. */
class FaultSettingsTest {
  private static Map<String, String> props(String... more) {
    Map<String, String> p = new HashMap<>();
    p.put(ConfigNames.CONNECTION_URL, "jdbc:postgresql://db/dwh");
    p.put(ConfigNames.VAULT_MODEL, "{}");
    for (int i = 0; i < more.length; i += 2) {
      p.put(more[i], more[i + 1]);
    }
    return p;
  }

  @Test
  void defaults() {
    VaultOptions o = new VaultSinkConfig(props()).options();
    assertThat(o.socketTimeoutMs()).isEqualTo(300_000);
    assertThat(o.statementTimeoutMs()).isZero();
    assertThat(o.prepareServerProcess()).isTrue();
    assertThat(o.ddlLockTimeoutMs()).isEqualTo(5000);
    assertThat(o.maxRetries()).isEqualTo(10);
    assertThat(o.retryBackoffMs()).isEqualTo(3000);
    assertThat(o.decoder().schemaRegistryAuth().configured()).isFalse();
  }

  @Test
  void givenSettings() {
    VaultOptions o =
        new VaultSinkConfig(
                props(
                    ConfigNames.SOCKET_TIMEOUT, "60000",
                    ConfigNames.STATEMENT_TIMEOUT, "30000",
                    ConfigNames.PREPARE_SERVER_PROCESS, "false",
                    ConfigNames.DDL_LOCK_TIMEOUT, "1000",
                    ConfigNames.MAX_RETRIES, "4",
                    ConfigNames.RETRY_BACKOFF, "500",
                    ConfigNames.SCHEMA_REGISTRY, "http://registry:8081",
                    ConfigNames.SCHEMA_REGISTRY_USER_INFO, "vault:s3cret"))
            .options();
    assertThat(o.socketTimeoutMs()).isEqualTo(60_000);
    assertThat(o.statementTimeoutMs()).isEqualTo(30_000);
    assertThat(o.prepareServerProcess()).isFalse();
    assertThat(o.ddlLockTimeoutMs()).isEqualTo(1000);
    assertThat(o.maxRetries()).isEqualTo(4);
    assertThat(o.retryBackoffMs()).isEqualTo(500);
    assertThat(o.decoder().schemaRegistryAuth().header()).isEqualTo("Basic dmF1bHQ6czNjcmV0");
    assertThat(o.decoder().toString()).doesNotContain("s3cret");
    assertThat(
            new VaultSinkConfig(props(ConfigNames.SCHEMA_REGISTRY_BEARER_TOKEN, "t0ken"))
                .options()
                .decoder()
                .schemaRegistryAuth()
                .header())
        .isEqualTo("Bearer t0ken");
    assertThat(VaultSinkConfig.CONFIG.configKeys().get(ConfigNames.SCHEMA_REGISTRY_USER_INFO).type)
        .isEqualTo(org.apache.kafka.common.config.ConfigDef.Type.PASSWORD);
  }

  @Test
  void aStatementTimeoutAtOrAboveTheSocketTimeoutIsRefused() {
    assertThatThrownBy(
            () ->
                new VaultSinkConfig(
                        props(
                            ConfigNames.SOCKET_TIMEOUT, "10000",
                            ConfigNames.STATEMENT_TIMEOUT, "10000"))
                    .options())
        .hasMessageContaining("must be below the socket timeout");
  }
}
