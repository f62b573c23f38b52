package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.vaultstream.ddl.CacheFigures;
import io.vaultstream.dialect.Dialects;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.CountingDataSource;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.SmallCachePostgres;
import io.vaultstream.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A loader whose vault outgrows the database's cache says so in its log, after its first committed
 * load; one whose vault fits does not.
 */
class CacheWatchIT {
  private static final String WARNING = "the part of the vault that each batch reaches at random";

  @Test
  void aServerWhoseSharedBuffersAreSmallerThanTheVaultsIndexesIsWarnedAbout() throws Exception {
    try (SmallCachePostgres pg = SmallCachePostgres.start()) {
      assertThat(logOf(pg.options()))
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

  /**
   * The check runs on the loading thread after a load: with every connection of the pool in use it
   * does not wait for one (that would hold up the next batch for the pool's connection timeout,
   * here two minutes, which the test's timeout would catch), and it reads the figures after the
   * next load instead of ten minutes later.
   */
  @Test
  @Timeout(60)
  void aFullPoolIsNotWaitedForAndTheFiguresAreReadAfterTheNextLoad() throws Exception {
    try (SmallCachePostgres pg = SmallCachePostgres.start()) {
      SmallCachePostgres.loadACustomerAndAnOrder(pg.options());
      HikariConfig config = new HikariConfig();
      config.setJdbcUrl(pg.jdbcUrl());
      config.setMaximumPoolSize(1);
      config.setConnectionTimeout(120_000);
      try (HikariDataSource pool = new HikariDataSource(config)) {
        CacheWatch watch =
            new CacheWatch(Dialects.forUrl(pg.jdbcUrl(), null), pool, SmallCachePostgres.SCHEMA);
        String whileBusy;
        try (Connection busy = pool.getConnection()) {
          whileBusy = logDuring(watch::after);
        }
        assertThat(whileBusy).doesNotContain(WARNING);
        assertThat(logDuring(watch::after)).contains("The vault in vault: " + WARNING);
      }
    }
  }

  /**
   * One reading serves the loader's check and its gauges: figures read for the gauges are the
   * check's next figures (its data source, which fails every connection, is not asked), and the
   * check's reading answers the gauges without a statement.
   */
  @Test
  void theCheckAndTheGaugesShareOneReading() throws Exception {
    try (SmallCachePostgres pg = SmallCachePostgres.start()) {
      SmallCachePostgres.loadACustomerAndAnOrder(pg.options());
      VaultDialect dialect = Dialects.forUrl(pg.jdbcUrl(), null);
      DataSource down =
          (DataSource)
              Proxy.newProxyInstance(
                  DataSource.class.getClassLoader(),
                  new Class<?>[] {DataSource.class},
                  (proxy, method, args) -> {
                    throw new SQLException("no connection for the check", "08001");
                  });
      CacheWatch watch = new CacheWatch(dialect, down, SmallCachePostgres.SCHEMA);
      try (Connection c = DriverManager.getConnection(pg.jdbcUrl())) {
        watch.observed(CacheFigures.read(c, dialect, SmallCachePostgres.SCHEMA));
      }
      String log = logDuring(watch::after);
      assertThat(log).contains("The vault in vault: " + WARNING).doesNotContain("Could not read");
    }

    String schema = TestDatabase.newSchema();
    CountingDataSource counted = new CountingDataSource();
    VaultModel shop = ModelLoader.load(Samples.shopModel());
    EventFactory ev = new EventFactory(shop);
    try (VaultLoader loader =
        VaultLoader.withDataSource(
            shop, TestDatabase.options(schema).build(), counted, Clock.systemUTC())) {
      loader.load(List.of(ev.customer("c", EventFactory.at(1), 1, "C1")));
      int before = counted.statements();
      assertThat(loader.cacheSizes()).isNotNull();
      assertThat(counted.statements()).as("the check's reading, not a new one").isEqualTo(before);
    }
  }

  /** What the loader logs while it loads two events and closes. */
  private static String logOf(VaultOptions options) throws Exception {
    String log = logDuring(() -> SmallCachePostgres.loadACustomerAndAnOrder(options));
    assertThat(log).as("the loader's log is captured").contains("Flushed 2 events");
    return log;
  }

  /** What is logged while {@code work} runs. */
  private static String logDuring(Work work) throws Exception {
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      work.run();
    } finally {
      System.setErr(err);
    }
    return captured.toString(StandardCharsets.UTF_8);
  }

  private interface Work {
    void run() throws Exception;
  }
}
