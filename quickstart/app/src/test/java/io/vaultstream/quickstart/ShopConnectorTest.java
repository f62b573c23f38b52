package io.vaultstream.quickstart;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The quickstart's connector settings and the connection lines it prints. */
class ShopConnectorTest {

  @Test
  void theQuickstartMovesAPasswordOutOfTheUrlItGivesTheConnector() {
    Map<String, String> c = new HashMap<>();
    ShopConnector.putConnection(c, "jdbc:postgresql://db/dwh?user=vault&password=p%40ss&ssl=1");
    assertThat(c)
        .containsEntry("connection.url", "jdbc:postgresql://db/dwh?user=vault&ssl=1")
        .containsEntry("connection.password", "p@ss");
    c.clear();
    ShopConnector.putConnection(c, "jdbc:postgresql://db/dwh?user=vault&password=x");
    assertThat(c)
        .containsEntry("connection.url", "jdbc:postgresql://db/dwh?user=vault")
        .containsEntry("connection.password", "x");
    c.clear();
    ShopConnector.putConnection(c, "jdbc:postgresql://localhost:5432/postgres?user=postgres");
    assertThat(c)
        .containsOnly(
            Map.entry("connection.url", "jdbc:postgresql://localhost:5432/postgres?user=postgres"));
  }

  @Test
  void theShippedExampleIsUsedWithThisRunsDatabaseSchemaAndModel(@TempDir Path dir)
      throws Exception {
    Path example = Path.of("../../connect-plugin/src/main/etc/vaultstream-shop.json");
    Path model = dir.resolve("model.json");
    Map<String, String> c =
        ShopConnector.config(
            example, "jdbc:postgresql://127.0.0.1:5432/dwh?user=me&password=pw", "vault", model);
    assertThat(c)
        .containsEntry("connector.class", "io.vaultstream.connect.VaultSinkConnector")
        .containsEntry(
            "topics.regex",
            "shop\\.public\\.(customers|products|order_status|orders|order_lines|payments)")
        .containsEntry("value.converter", "org.apache.kafka.connect.converters.ByteArrayConverter")
        .containsEntry("connection.url", "jdbc:postgresql://127.0.0.1:5432/dwh?user=me")
        .containsEntry("connection.password", "pw")
        .containsEntry("target.schema", "vault")
        .containsEntry("vault.model.path", model.toAbsolutePath().toString())
        .doesNotContainKey("connection.user");
    assertThat(ShopConnector.exampleName(example)).isEqualTo("vaultstream-shop");
    assertThat(ShopConnector.name("vaultstream-shop", "Xy-1z_Q"))
        .isEqualTo("vaultstream-shop-Xy-1z_Q");
    assertThat(Files.exists(model)).isFalse();
  }

  @Test
  void aPsqlLineIsBuiltFromTheJdbcUrlWithoutItsPassword() {
    assertThat(VaultSummary.psql("jdbc:postgresql://localhost:41234/postgres?user=postgres"))
        .isEqualTo("psql -h localhost -p 41234 -U postgres -d postgres");
    assertThat(VaultSummary.psql("jdbc:postgresql://db.example/dwh?user=vault&password=secret"))
        .isEqualTo("psql -h db.example -p 5432 -U vault -d dwh");
    assertThat(VaultSummary.psql("jdbc:h2:mem:x")).isNull();
    assertThat(VaultSummary.client("jdbc:mariadb://db.example/dwh?user=vault&password=secret"))
        .isEqualTo("mariadb -h db.example -P 3306 -u vault");
    assertThat(VaultSummary.client("jdbc:postgresql://db.example/dwh?user=vault"))
        .startsWith("psql -h db.example");
  }
}
