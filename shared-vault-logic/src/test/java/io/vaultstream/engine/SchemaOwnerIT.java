package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A loader whose user owns the target schema but may not create schemas in the database (what a DBA
 * grants a service account) creates its tables there: the creation script leaves out the schema the
 * loader finds, since PostgreSQL refuses "CREATE SCHEMA IF NOT EXISTS" without CREATE on the
 * database even when the schema exists.
 */
class SchemaOwnerIT {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  @Test
  void theOwnerOfAnExistingSchemaCreatesTheVaultWithoutCreateOnTheDatabase() throws Exception {
    String role = "r_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    String schema = "s_" + role;
    TestDatabase.execute(
        "CREATE ROLE " + role + " LOGIN PASSWORD 'pw'",
        "CREATE SCHEMA " + schema + " AUTHORIZATION " + role);
    try {
      assertThat(
              TestDatabase.value(
                  "SELECT has_database_privilege('" + role + "', current_database(), 'CREATE')"))
          .isEqualTo("f");
      String url = TestDatabase.jdbcUrl();
      int q = url.indexOf('?');
      VaultOptions options =
          TestDatabase.options(schema)
              .jdbcUrl(q < 0 ? url : url.substring(0, q))
              .user(role)
              .password("pw")
              .build();
      try (VaultLoader loader = VaultLoader.open(SHOP, options)) {
        String value =
            "{\"before\":null,\"after\":{\"id\":1,\"customer_no\":\"C1\",\"name\":\"Ann\"},"
                + "\"source\":{\"ts_ms\":1767225600000},\"op\":\"c\"}";
        LoadResult r =
            loader.load(
                List.of(
                    loader
                        .decoder()
                        .decode(
                            "shop.public.customers",
                            0,
                            0,
                            0,
                            null,
                            value.getBytes(StandardCharsets.UTF_8))
                        .orElseThrow()));
        assertThat(r.problems()).isEmpty();
      }
      assertThat(
              TestDatabase.value(
                  "SELECT customer_no FROM "
                      + schema
                      + ".hub_customer WHERE record_source <> 'SYSTEM'"))
          .isEqualTo("C1");
      assertThat(
              TestDatabase.value(
                  "SELECT tableowner FROM pg_tables WHERE schemaname = '"
                      + schema
                      + "' AND tablename = 'hub_customer'"))
          .isEqualTo(role);
    } finally {
      TestDatabase.execute(
          "DROP SCHEMA IF EXISTS " + schema + " CASCADE",
          "DROP OWNED BY " + role,
          "DROP ROLE " + role);
    }
  }
}
