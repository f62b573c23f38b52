package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.testing.SmallCachePostgres;
import io.vaultstream.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

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

  /** What the loader logs while it loads two events and closes. */
  private static String logOf(VaultOptions options) throws Exception {
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      SmallCachePostgres.loadACustomerAndAnOrder(options);
    } finally {
      System.setErr(err);
    }
    String log = captured.toString(StandardCharsets.UTF_8);
    assertThat(log).as("the loader's log is captured").contains("Flushed 2 events");
    return log;
  }
}
