package io.vaultstream.testing;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.event.Progress;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * An embedded PostgreSQL of its own with the smallest buffer cache the server accepts (16 pages,
 * 128 kB) and an empty schema {@code vault}: any vault's indexes, two pages each at least, are
 * larger. For the tests of what the loader and {@code vaultstream status} say about a vault that
 * outgrew its database's cache.
 */
public final class SmallCachePostgres implements AutoCloseable {
  public static final String SCHEMA = "vault";

  private final EmbeddedPostgres pg;

  private SmallCachePostgres(EmbeddedPostgres pg) {
    this.pg = pg;
  }

  public static SmallCachePostgres start() throws IOException, SQLException {
    SmallCachePostgres s =
        new SmallCachePostgres(
            EmbeddedPostgres.builder()
                .setServerConfig("shared_buffers", "128kB")
                .setServerConfig("max_connections", "10")
                .setServerConfig("autovacuum", "off")
                .start());
    try (Connection c = DriverManager.getConnection(s.jdbcUrl());
        Statement st = c.createStatement()) {
      st.execute("CREATE SCHEMA " + SCHEMA);
    }
    return s;
  }

  public String jdbcUrl() {
    return pg.getJdbcUrl("postgres", "postgres");
  }

  /** Engine options for the schema {@code vault} of this server, with a small pool. */
  public VaultOptions options() {
    return VaultOptions.builder().jdbcUrl(jdbcUrl()).targetSchema(SCHEMA).poolMaxSize(2).build();
  }

  /**
   * Loads a customer and that customer's order of the shop model into a vault, with a stored
   * position, in one committed load.
   */
  public static void loadACustomerAndAnOrder(VaultOptions options) throws Exception {
    VaultModel shop = ModelLoader.load(Samples.shopModel());
    EventFactory ev = new EventFactory(shop);
    try (VaultLoader loader = VaultLoader.open(shop, options)) {
      loader.load(
          List.of(
              ev.customer("c", EventFactory.at(1), 1, "C1"),
              ev.order(EventFactory.at(2), 9, "O9", 1L)),
          List.of(),
          new Progress("a-test", List.of(new Progress.Position("shop.public.orders", 0, 2))));
    }
  }

  @Override
  public void close() throws IOException {
    pg.close();
  }
}
