package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.Dialects;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.testing.CountingDataSource;
import io.vaultstream.testing.StatementLog;
import io.vaultstream.waiting.WaitingRow;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Children before parents, the watermark, the error table and the unknown ghost. */
abstract class ReferentialIntegrityContract extends ShopReferencesBase {
  @Test
  void childBeforeParentResolvedWithinTheWatermark() throws Exception {
    VaultLoader loader = open();
    LoadResult r = loader.load(List.of(order(1, 5)));
    assertThat(r.waiting()).isEqualTo(1);
    // The order's own hub and satellite load at once; only the link waits, durably.
    assertThat(rows("SELECT order_no FROM $s.hub_order WHERE record_source <> 'SYSTEM'"))
        .containsExactly("O1");
    assertThat(rows("SELECT count(*) FROM $s.sat_order WHERE record_source <> 'SYSTEM'"))
        .containsExactly("1");
    assertThat(links()).isEmpty();
    assertThat(
            rows(
                "SELECT source_table, target_object, ref_source, ref_pk, state, operation FROM $s.vs_waiting"))
        .containsExactly("orders|lnk_order_customer|customers|[\"5\"]|WAITING|INSERT");

    clock.advance(Duration.ofSeconds(60));
    LoadResult later = loader.load(List.of(customer(5, "C5")));
    assertThat(later.resolved()).isEqualTo(1);
    assertThat(links()).containsExactly(md5("O1") + "|" + md5("C5"));
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
    assertThat(rows("SELECT count(*) FROM $s.vs_errors")).containsExactly("0");
  }

  @ParameterizedTest(name = "{0} waiting rows")
  @ValueSource(ints = {2, 12}) // by INSERT, by the bulk insert where the database has one
  void aWaitingChildLoadedAgainKeepsOneWaitingRow(int n) throws Exception {
    // A batch loaded again after its first part committed (the Spark runner's chunks of a
    // micro-batch re-run): its waiting rows are in the table already.
    VaultLoader loader = open();
    List<ChangeEvent> first = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      first.add(order(i, 5));
    }
    assertThat(loader.load(first).waiting()).isEqualTo(n);
    List<ChangeEvent> again = new ArrayList<>(first);
    again.add(order(n + 1, 5));
    LoadResult r = loader.load(again);
    assertThat(r.errors()).isZero();
    assertThat(rows("SELECT count(*), count(DISTINCT kafka_offset), min(state) FROM $s.vs_waiting"))
        .containsExactly((n + 1) + "|" + (n + 1) + "|WAITING");
    assertThat(rows("SELECT count(*) FROM $s.vs_errors")).containsExactly("0");
    loader.load(List.of(customer(5, "C5")));
    assertThat(links()).hasSize(n + 1).allMatch(l -> l.endsWith("|" + md5("C5")));
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
  }

  @Test
  void afterTheWatermarkTheRowMovesToTheErrorTableAndIsStillRechecked() throws Exception {
    VaultLoader loader = open();
    loader.load(List.of(order(1, 5)));
    clock.advance(Duration.ofSeconds(119));
    assertThat(loader.load(List.of()).movedToErrors()).isZero();
    clock.advance(Duration.ofSeconds(2));
    assertThat(loader.load(List.of()).movedToErrors()).isEqualTo(1);
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
    assertThat(
            rows(
                "SELECT error_code, target_object, source_table, topic, kafka_partition, kafka_offset, operation,"
                    + " event_time, first_seen, expires_at, message FROM $s.vs_errors"))
        .containsExactly(
            "UNRESOLVED_REFERENCE|lnk_order_customer|orders|shop.public.orders|0|0|INSERT|2026-01-01 00:16:41"
                + "|2026-06-01 12:00:00|2026-06-01 12:04:01|foreign key 'customer' [customer_id] = [\"5\"] of orders [\"1\"]:"
                + " no customers row with that key is known yet");
    clock.advance(Duration.ofSeconds(30));
    LoadResult r = loader.load(List.of(customer(5, "C5")));
    assertThat(r.resolved()).isEqualTo(1);
    assertThat(links()).containsExactly(md5("O1") + "|" + md5("C5"));
    assertThat(rows("SELECT count(*) FROM $s.vs_errors")).containsExactly("0");
  }

  @Test
  void neverResolvedLoadsAgainstTheUnknownGhostAndALateParentStillLinks() throws Exception {
    VaultLoader loader = open();
    loader.load(List.of(order(1, 5)));
    clock.advance(Duration.ofSeconds(121));
    loader.load(List.of());
    clock.advance(Duration.ofSeconds(121));
    LoadResult r = loader.load(List.of());
    assertThat(r.releasedToUnknown()).isEqualTo(1);
    assertThat(
            rows(
                "SELECT order_customer_hk, customer_hk FROM $s.lnk_order_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly(md5("O1||(UNKNOWN)") + "|" + "F".repeat(32));
    assertThat(rows("SELECT count(*) FROM $s.vs_errors")).containsExactly("0");
    assertThat(rows("SELECT state FROM $s.vs_waiting")).containsExactly("UNKNOWN");

    clock.advance(Duration.ofDays(3));
    loader.load(List.of(customer(5, "C5")));
    assertThat(links())
        .containsExactly(md5("O1") + "|" + md5("C5"), md5("O1") + "|" + "F".repeat(32));
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
  }

  @Test
  void neverResolvedCanBeDropped() throws Exception {
    VaultLoader loader = open(VaultOptions.ExpiredReferences.DROP);
    loader.load(List.of(order(1, 5)));
    clock.advance(Duration.ofSeconds(121));
    loader.load(List.of());
    clock.advance(Duration.ofSeconds(121));
    assertThat(loader.load(List.of()).dropped()).isEqualTo(1);
    assertThat(links()).isEmpty();
    assertThat(rows("SELECT count(*) FROM $s.vs_errors")).containsExactly("0");
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
  }

  @Test
  void aParentFromLongAgoIsFoundInTheKeyMap() throws Exception {
    VaultLoader loader = open();
    loader.load(List.of(customer(5, "C5")));
    clock.advance(Duration.ofDays(365));
    LoadResult r = loader.load(List.of(order(1, 5)));
    assertThat(r.waiting()).isZero();
    assertThat(links()).containsExactly(md5("O1") + "|" + md5("C5"));
  }

  @Test
  void aThousandOrphansResolveInOneSetBasedStep() throws Exception {
    int small = statementsToResolve(10);
    int large = statementsToResolve(1000);
    assertThat(large).isEqualTo(small);
    assertThat(
            rows(
                "SELECT count(*) FROM $s.lnk_order_customer WHERE customer_hk = '"
                    + md5("C7")
                    + "'"))
        .containsExactly("1000");
  }

  private int statementsToResolve(int orphans) throws Exception {
    schema = newSchema();
    CountingDataSource ds = new CountingDataSource(db());
    VaultLoader loader = VaultLoader.withDataSource(SHOP, db().options(schema).build(), ds, clock);
    List<ChangeEvent> children = new ArrayList<>();
    for (int i = 0; i < orphans; i++) {
      children.add(order(i, 7));
    }
    assertThat(loader.load(children).waiting()).isEqualTo(orphans);
    int before = ds.statements();
    LoadResult r = loader.load(List.of(customer(7, "C7")));
    assertThat(r.resolved()).isEqualTo(orphans);
    return ds.statements() - before;
  }

  @Test
  void batchKeysAreLookedUpOnlyForSourcesSomethingWaitsOn() throws Exception {
    // The sweep runs with the first batch only (the clock stands still), so from then on only the
    // lookup of the batch's keys can find a waiting row.
    schema = newSchema();
    StatementLog log = new StatementLog(db().jdbcUrl());
    VaultLoader loader =
        track(
            VaultLoader.withDataSource(
                SHOP, db().options(schema).sweepIntervalMs(3_600_000).build(), log, clock));
    VaultDialect dialect = Dialects.forUrl(db().jdbcUrl(), null);
    String lookup =
        dialect.selectWaitingForParents(
            schema,
            VaultTables.WAITING,
            VaultTables.ERRORS,
            WaitingRow.RECHECK_COLUMNS,
            Problem.UNRESOLVED_REFERENCE);
    loader.load(List.of(customer(1, "C1"), order(1, 1)));
    loader.load(List.of(customer(2, "C2"), order(2, 2)));
    assertThat(log.executed()).extracting(StatementLog.Executed::sql).doesNotContain(lookup);

    assertThat(loader.load(List.of(order(3, 5))).waiting()).isEqualTo(1);
    loader.load(List.of(order(4, 2))); // a source nothing waits on: still no lookup
    assertThat(log.executed()).extracting(StatementLog.Executed::sql).doesNotContain(lookup);
    LoadResult r = loader.load(List.of(customer(5, "C5")));
    assertThat(log.executed()).extracting(StatementLog.Executed::sql).contains(lookup);
    assertThat(r.resolved()).isEqualTo(1);
    assertThat(
            rows(
                "SELECT count(*) FROM $s.lnk_order_customer WHERE customer_hk = '"
                    + md5("C5")
                    + "'"))
        .containsExactly("1");
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");

    // An error row (a waiting row past the watermark) is asked for as well: the sweep that moved it
    // is not due again before the clock moves on.
    loader.load(List.of(order(5, 6)));
    clock.advance(Duration.ofSeconds(121));
    loader.sweep();
    assertThat(rows("SELECT count(*) FROM $s.vs_errors")).containsExactly("1");
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
    assertThat(loader.load(List.of(customer(6, "C6"))).resolved()).isEqualTo(1);
    assertThat(
            rows(
                "SELECT count(*) FROM $s.lnk_order_customer WHERE customer_hk = '"
                    + md5("C6")
                    + "'"))
        .containsExactly("1");
    assertThat(rows("SELECT count(*) FROM $s.vs_errors")).containsExactly("0");
  }

  @Test
  void waitingRowsCommitWithTheirBatchOrNotAtAll() throws Exception {
    schema = newSchema();
    CountingDataSource ds = new CountingDataSource(db());
    VaultLoader loader = VaultLoader.withDataSource(SHOP, db().options(schema).build(), ds, clock);
    List<ChangeEvent> batch = List.of(order(1, 5), customer(1, "C1"));
    ds.failNextCommit();
    assertThatThrownBy(() -> loader.load(batch))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("simulated crash");
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
    assertThat(rows("SELECT count(*) FROM $s.hub_order")).containsExactly("2");
    assertThat(rows("SELECT count(*) FROM $s.vs_key_map")).containsExactly("0");
    // The runtime delivers the batch again: everything is there once.
    loader.load(batch);
    loader.load(batch);
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("1");
    assertThat(rows("SELECT count(*) FROM $s.hub_order WHERE record_source <> 'SYSTEM'"))
        .containsExactly("1");
    assertThat(rows("SELECT count(*) FROM $s.hub_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly("1");
  }
}
