package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.model.ModelException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The job shows its settings without secrets and reads only a regular model file. */
class JobConfigSecretsTest {
  private static final String SECRET = "Sup3rS3cret";

  private static JobConfig config(String model) {
    return JobConfig.from(
        new String[] {
          "--model",
          model,
          "--jdbc-url",
          "jdbc:postgresql://vault:" + SECRET + "@db/dwh?password=" + SECRET,
          "--jdbc-password",
          SECRET,
          "--bootstrap-servers",
          "broker:9092",
          "--checkpoint",
          "/chk",
          "--kafka.sasl.jaas.config",
          "PlainLoginModule required password=\"" + SECRET + "\";",
          "--kafka.ssl.truststore.password",
          SECRET,
          "--kafka.ssl.keystore.key",
          "-----BEGIN PRIVATE KEY-----" + SECRET + "-----END PRIVATE KEY-----",
          "--kafka.ssl.key.password",
          SECRET,
          "--kafka.sasl.oauthbearer.client.credentials.client.secret",
          SECRET,
          "--kafka.sasl.oauthbearer.assertion.private.key.passphrase",
          SECRET,
          "--kafka.sasl.oauthbearer.token.endpoint.url",
          "https://idp/token"
        },
        Map.of());
  }

  @Test
  void settingsAndOptionsAreShownWithoutSecrets() {
    JobConfig c = config("model.json");
    assertThat(c.toString())
        .contains("jdbc-url=jdbc:postgresql://vault:***@db/dwh?password=***")
        .contains("jdbc-password=[hidden]")
        .contains("kafka.sasl.jaas.config=[hidden]")
        .contains("kafka.ssl.keystore.key=[hidden]")
        .contains("kafka.ssl.key.password=[hidden]")
        .doesNotContain("PRIVATE KEY")
        .contains("bootstrap-servers=broker:9092")
        .doesNotContain(SECRET);
    assertThat(c.options().toString()).doesNotContain(SECRET);
  }

  @Test
  void theModelIsARegularFileThatIsNeverQuoted(@TempDir Path dir) throws Exception {
    assertThatThrownBy(() -> config(dir.toString()).loadModel())
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("is not a regular file");
    Path notAModel = dir.resolve("shadow");
    Files.writeString(notAModel, "root:$6$" + SECRET + ":19700:0:99999:7:::\n");
    assertThatThrownBy(() -> config(notAModel.toString()).loadModel())
        .isInstanceOf(ModelException.class)
        .hasMessageContaining("this document is not a vaultstream model")
        .hasMessageNotContaining(SECRET);
  }
}
