package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Events waiting for a parent held in memory for a while: fewer waiting rows, and stored positions
 * that never pass a held event.
 */
abstract class HeldWaitsContract extends HeldWaitsBase {
  @Test
  void aHeldEventKeepsItsPartitionsPositionUntilItLoads() throws Exception {
    String schema = newSchema();
    VaultLoader loader = open(schema, 10_000);
    ChangeEvent early = order(1, 5); // orders@0: its customer is not known yet
    List<ChangeEvent> first = List.of(early, order(2, 6), customer(6)); // orders@1, customers@0
    LoadResult r = loader.load(first, List.of(), progress(first));

    assertThat(r.held()).isEqualTo(1);
    assertThat(r.heldEvents()).singleElement().isSameAs(early);
    assertThat(r.waiting()).as("no waiting row while held").isZero();
    assertThat(db().value("SELECT count(*) FROM " + schema + ".vs_waiting")).isEqualTo("0");
    // The order's own hub row loaded; its link waits in memory.
    assertThat(
            db().value(
                    "SELECT count(*) FROM "
                        + schema
                        + ".hub_order WHERE record_source <> 'SYSTEM'"))
        .isEqualTo("2");
    String topicOrders = early.position().topic();
    String topicCustomers = first.get(2).position().topic();
    Map<String, Long> expected = Map.of(topicOrders, 0L, topicCustomers, 1L);
    assertThat(positions(r)).isEqualTo(expected);
    assertThat(stored(loader)).isEqualTo(expected);

    // A later batch without the parent: the position stays at the held event.
    List<ChangeEvent> second = List.of(order(3, 6));
    r = loader.load(second, List.of(), progress(second));
    assertThat(r.held()).isEqualTo(1);
    assertThat(positions(r)).containsEntry(topicOrders, 0L);
    assertThat(stored(loader)).containsEntry(topicOrders, 0L);

    // The parent arrives on the other topic: the held link loads, the position moves on.
    List<ChangeEvent> third = List.of(customer(5));
    r = loader.load(third, List.of(), progress(third));
    assertThat(r.held()).isZero();
    assertThat(r.heldEvents()).isEmpty();
    assertThat(r.rechecked()).as("loaded: no problem").isEmpty();
    assertThat(r.resolved()).isEqualTo(1);
    assertThat(positions(r)).isEqualTo(Map.of(topicOrders, 3L, topicCustomers, 2L));
    assertThat(stored(loader)).isEqualTo(Map.of(topicOrders, 3L, topicCustomers, 2L));
    assertThat(
            db().rows(
                    "SELECT order_hk, customer_hk FROM "
                        + schema
                        + ".lnk_order_customer WHERE order_hk = '"
                        + md5("O1")
                        + "'"))
        .containsExactly(md5("O1") + "|" + md5("C5"));
  }

  @Test
  void anEventHeldTooLongBecomesAWaitingRowAndReleasesThePosition() throws Exception {
    String schema = newSchema();
    VaultLoader loader = open(schema, 10_000);
    List<ChangeEvent> first = List.of(order(1, 5), order(2, 5));
    LoadResult r = loader.load(first, List.of(), progress(first));
    assertThat(r.held()).isEqualTo(2);
    assertThat(positions(r).values()).containsExactly(0L);

    clock.advance(Duration.ofSeconds(11));
    r = loader.load(List.of()); // an empty flush, as Connect makes at each offset commit
    assertThat(r.held()).isZero();
    assertThat(r.waiting()).isEqualTo(2);
    assertThat(positions(r).values()).containsExactly(2L);
    assertThat(stored(loader).values()).containsExactly(2L);
    assertThat(
            db().rows(
                    "SELECT kafka_offset, ref_pk FROM "
                        + schema
                        + ".vs_waiting ORDER BY kafka_offset"))
        .containsExactly("0|[\"5\"]", "1|[\"5\"]");

    // From there on it is an ordinary waiting row.
    r = loader.load(List.of(customer(5)));
    assertThat(r.resolved()).isEqualTo(2);
    assertThat(db().value("SELECT count(*) FROM " + schema + ".vs_waiting")).isEqualTo("0");
  }

  @Test
  void beyondTheLimitWaitsBecomeWaitingRowsAtOnce() throws Exception {
    String schema = newSchema();
    VaultLoader loader = open(schema, 10_000, 2);
    List<ChangeEvent> first = List.of(order(1, 5), order(2, 5), order(3, 5));
    LoadResult r = loader.load(first, List.of(), progress(first));
    assertThat(r.held()).isEqualTo(2);
    assertThat(r.waiting()).isEqualTo(1);
    assertThat(positions(r).values()).containsExactly(0L);
    assertThat(db().rows("SELECT kafka_offset FROM " + schema + ".vs_waiting"))
        .containsExactly("2");

    r = loader.load(List.of(customer(5)));
    assertThat(r.resolved()).isEqualTo(3);
    assertThat(r.held()).isZero();
    assertThat(db().value("SELECT count(*) FROM " + schema + ".vs_waiting")).isEqualTo("0");
    assertThat(
            db().value(
                    "SELECT count(*) FROM "
                        + schema
                        + ".lnk_order_customer WHERE record_source <> 'SYSTEM'"))
        .isEqualTo("3");
  }

  @Test
  void forgottenPartitionsKeepTheirStoredPositionAndAreNotStoredAgain() throws Exception {
    String schema = newSchema();
    VaultLoader loader = open(schema, 10_000);
    List<ChangeEvent> first = List.of(order(1, 5), order(2, 5));
    loader.load(first, List.of(), progress(first));
    String topic = first.get(0).position().topic();
    loader.forget(topic, 0);

    List<ChangeEvent> parent = List.of(customer(5));
    LoadResult r = loader.load(parent, List.of(), progress(parent));
    assertThat(r.held()).isZero();
    assertThat(positions(r)).doesNotContainKey(topic);
    assertThat(stored(loader)).containsEntry(topic, 0L);
    assertThat(
            db().value(
                    "SELECT count(*) FROM "
                        + schema
                        + ".lnk_order_customer WHERE record_source <> 'SYSTEM'"))
        .as("the forgotten events are the next owner's to load")
        .isEqualTo("0");
  }

  /**
   * A held event whose rows the database refuses once its parent arrives goes to the error table;
   * its parent loads, it is held no more and its partition's position moves past it.
   */
  @Test
  void aHeldEventTheDatabaseRejectsGoesToTheErrorTable() throws Exception {
    String schema = newSchema();
    VaultLoader loader = open(schema, 10_000);
    List<ChangeEvent> first = List.of(order(1, 5), order(2, 5)); // orders@0 and @1 wait for C5
    assertThat(loader.load(first, List.of(), progress(first)).held()).isEqualTo(2);
    RejectedRowsContract.refuseTheCustomerLinkOfO1(db(), schema);
    List<ChangeEvent> second = List.of(customer(5), customer(6)); // customers@0 and @1
    LoadResult r = loader.load(second, List.of(), progress(second));
    assertThat(r.held()).isZero();
    assertThat(r.errors()).isEqualTo(1);
    // The refusal is reported with the held event itself, for the runtime to send its record on.
    assertThat(r.rechecked())
        .singleElement()
        .satisfies(p -> assertThat(p.event()).isSameAs(first.get(0)));
    assertThat(r.problems()).as("the batch's own events loaded").isEmpty();
    assertThat(
            db().rows(
                    "SELECT customer_no FROM "
                        + schema
                        + ".hub_customer WHERE record_source <> 'SYSTEM' ORDER BY 1"))
        .containsExactly("C5", "C6");
    assertThat(
            db().rows(
                    "SELECT order_hk FROM "
                        + schema
                        + ".lnk_order_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly(md5("O2"));
    assertThat(
            db().rows(
                    "SELECT error_code, target_object, kafka_offset FROM " + schema + ".vs_errors"))
        .containsExactly("CONSTRAINT_VIOLATION|lnk_order_customer|0");
    assertThat(db().value("SELECT count(*) FROM " + schema + ".vs_waiting")).isEqualTo("0");
    Map<String, Long> expected =
        Map.of(first.get(0).position().topic(), 2L, second.get(0).position().topic(), 2L);
    assertThat(stored(loader)).isEqualTo(expected);
  }
}
