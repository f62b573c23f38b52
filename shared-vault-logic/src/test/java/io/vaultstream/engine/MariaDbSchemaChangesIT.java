package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TargetDatabase;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * MariaDB's schema changes: a column first seen in events waits at most the DDL lock timeout for
 * its table's metadata lock (then fails retriably, the batch to be tried again), and loaders
 * starting together on an empty schema create the vault one after the other.
 */
class MariaDbSchemaChangesIT extends DatabaseContract {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }

  @Test
  void anAddedColumnGivesUpWaitingForAReadersLockAndIsRetriable() throws Exception {
    schema = newSchema();
    VaultLoader loader =
        track(
            VaultLoader.open(
                SHOP, db().options(schema).ddlLockTimeoutMs(1000).maxRetries(0).build()));
    EventFactory ev = new EventFactory(SHOP);
    ChangeEvent withColour =
        ev.event(
            "products",
            "c",
            at(1),
            row("id", 1L, "sku", "SKU-1", "price", new BigDecimal("2.50"), "colour", "red"));
    try (Connection reader = db().connect()) {
      // An open transaction that read the table holds its metadata lock until it ends.
      reader.setAutoCommit(false);
      try (Statement st = reader.createStatement()) {
        st.executeQuery("SELECT count(*) FROM " + schema + ".sat_product").close();
      }
      Throwable failure =
          assertTimeoutPreemptively(
              Duration.ofSeconds(30), () -> catchThrowable(() -> loader.load(List.of(withColour))));
      assertThat(failure).isNotNull();
      assertThat(failure.getMessage()).containsIgnoringCase("lock wait timeout");
      assertThat(Failures.retriable(failure)).isTrue();
      reader.rollback();
    }
    // The reader is gone: the batch, tried again, adds the column and loads.
    assertThat(loader.load(List.of(withColour)).errors()).isZero();
    assertThat(rows("SELECT colour FROM $s.sat_product WHERE record_source <> 'SYSTEM'"))
        .containsExactly("red");
  }

  @Test
  void loadersStartingTogetherOnAnEmptySchemaAllStart() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      for (int round = 0; round < 3; round++) {
        schema = newSchema();
        String s = schema;
        CountDownLatch go = new CountDownLatch(1);
        List<Future<VaultLoader>> opened = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
          opened.add(
              pool.submit(
                  () -> {
                    go.await();
                    return VaultLoader.open(SHOP, db().options(s).maxRetries(0).build());
                  }));
        }
        go.countDown();
        for (Future<VaultLoader> f : opened) {
          track(f.get(120, TimeUnit.SECONDS)); // throws if that loader failed to start
        }
        assertThat(
                value("SELECT count(*) FROM information_schema.tables WHERE table_schema = '$s'"))
            .isEqualTo("18");
        assertThat(value("SELECT IS_USED_LOCK('vaultstream ddl " + s + "')")).isEqualTo("null");
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
