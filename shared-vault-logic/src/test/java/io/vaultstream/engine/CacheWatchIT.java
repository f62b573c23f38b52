package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.Progress;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A loader whose vault outgrows the database's cache says so in its log, after its first committed
 * load; one whose vault fits does not.
 */
class CacheWatchIT {
  private static final String WARNING = "the part of the vault that each batch reaches at random";

  private final VaultModel shop = ModelLoader.load(Samples.shopModel());

  @Test
  void aServerWhoseSharedBuffersAreSmallerThanTheVaultsIndexesIsWarnedAbout() throws Exception {
    // The smallest cache PostgreSQL accepts (16 pages): the shop vault's indexes, two pages each
    // at least, are larger.
    try (EmbeddedPostgres pg =
        EmbeddedPostgres.builder()
            .setServerConfig("shared_buffers", "128kB")
            .setServerConfig("max_connections", "10")
            .start()) {
      String url = pg.getJdbcUrl("postgres", "postgres");
      try (Connection c = DriverManager.getConnection(url);
          Statement st = c.createStatement()) {
        st.execute("CREATE SCHEMA vault");
      }
      String log =
          logOf(VaultOptions.builder().jdbcUrl(url).targetSchema("vault").poolMaxSize(2).build());
      assertThat(log)
          .contains("WARN")
          .contains("The vault in vault: " + WARNING)
          .contains("is larger than the cache (128.0 KiB)")
          .contains("raise shared_buffers (docs/POSTGRESQL.md, \"The server's cache\")");
    }
  }

  @Test
  void aVaultThatFitsTheCacheIsNotWarnedAbout() throws Exception {
    String schema = TestDatabase.newSchema();
    assertThat(logOf(TestDatabase.options(schema).build())).doesNotContain(WARNING);
  }

  /** What the loader logs while it loads two events and closes. */
  private String logOf(VaultOptions options) throws Exception {
    EventFactory ev = new EventFactory(shop);
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try (VaultLoader loader = VaultLoader.open(shop, options)) {
      loader.load(
          List.of(
              ev.event("customers", "c", at(1), row("id", 1L, "customer_no", "C1", "name", "n")),
              ev.event("orders", "c", at(2), row("id", 9L, "order_no", "O9", "customer_id", 1L))),
          List.of(),
          new Progress("cache-watch", List.of(new Progress.Position("shop.public.orders", 0, 2))));
    } finally {
      System.setErr(err);
    }
    String log = captured.toString(StandardCharsets.UTF_8);
    assertThat(log).as("the loader's log is captured").contains("Flushed 2 events");
    return log;
  }
}
