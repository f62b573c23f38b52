package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Several loaders starting at once on a schema that does not exist yet (the tasks of a connector
 * with tasks.max > 1) all create or find the same tables; none fails on the catalog. A loader
 * starting on a complete vault while another writes to it changes nothing and waits for no lock.
 */
class ConcurrentStartIT {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  @Test
  void loadersStartingTogetherCreateTheVaultOnce() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      for (int round = 0; round < 4; round++) {
        String schema = "t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<VaultLoader>> opened = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
          opened.add(
              pool.submit(
                  () -> {
                    go.await();
                    return VaultLoader.open(SHOP, TestDatabase.options(schema).build());
                  }));
        }
        go.countDown();
        for (Future<VaultLoader> f : opened) {
          f.get(60, TimeUnit.SECONDS).close(); // throws if that loader failed to start
        }
        assertThat(
                TestDatabase.value(
                    "SELECT count(*) FROM information_schema.tables WHERE table_schema = '"
                        + schema
                        + "'"))
            .isEqualTo("17");
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aLoaderStartingBesideAWriterOfACompleteVaultWaitsForNoTableLock() throws Exception {
    String schema = TestDatabase.newSchema();
    VaultLoader.open(SHOP, TestDatabase.options(schema).build()).close();
    try (java.sql.Connection writer = TestDatabase.connect()) {
      writer.setAutoCommit(false);
      // What a writing loader holds on its queue tables until it commits.
      try (java.sql.Statement st = writer.createStatement()) {
        st.execute("LOCK TABLE " + schema + ".vs_waiting IN ROW EXCLUSIVE MODE");
        st.execute("LOCK TABLE " + schema + ".vs_errors IN ROW EXCLUSIVE MODE");
      }
      // No retries and a short lock timeout: a start-up that took a table lock would fail.
      VaultLoader.open(
              SHOP, TestDatabase.options(schema).ddlLockTimeoutMs(500).maxRetries(0).build())
          .close();
      writer.rollback();
    }
  }
}
