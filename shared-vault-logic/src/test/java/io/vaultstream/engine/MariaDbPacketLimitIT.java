package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TargetDatabase;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Batches whose JSON is larger than the server's max_allowed_packet (lowered to 1 MiB here): the
 * loader cuts them into statements that fit, in the batch's one transaction, instead of losing its
 * connection; a row larger than any statement becomes its event's error row.
 */
class MariaDbPacketLimitIT extends DatabaseContract {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private static final String ORDERS = "shop.public.orders";
  private static final String CUSTOMERS = "shop.public.customers";

  private String packetBefore;

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }

  @BeforeEach
  void lowerThePacketLimit() throws Exception {
    packetBefore = db().value("SELECT @@GLOBAL.max_allowed_packet");
    // New connections take the global value: the loader is opened after this.
    db().execute("SET GLOBAL max_allowed_packet = 1048576");
  }

  @AfterEach
  void restoreThePacketLimit() throws Exception {
    if (packetBefore != null) {
      db().execute("SET GLOBAL max_allowed_packet = " + packetBefore);
    }
  }

  @Test
  void aBatchOverThePacketLimitLoadsInStatementsThatFit() throws Exception {
    VaultLoader loader = open();
    // Orders before their customers: 3,000 waiting rows, each with its raw record of ~2 KB
    // twice (the record and the stored event), many times the packet limit as one JSON.
    List<ChangeEvent> orders = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      orders.add(order(loader, i, i % 50, "S" + "x".repeat(1000) + i));
    }
    LoadResult first = loader.load(orders);
    assertThat(first.errors()).isZero();
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("3000");
    assertThat(
            rows(
                "SELECT count(*), min(length(record_value)), min(length(event)) FROM"
                    + " $s.vs_waiting"))
        .allSatisfy(r -> assertThat(r).startsWith("3000|"));

    List<ChangeEvent> customers = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      customers.add(customer(loader, 3000 + i, i));
    }
    LoadResult second = loader.load(customers);
    assertThat(second.errors()).isZero();
    assertThat(second.resolved()).isEqualTo(3000);
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
    assertThat(rows("SELECT count(*) FROM $s.vs_errors")).containsExactly("0");
    assertThat(rows("SELECT count(*) FROM $s.hub_order WHERE record_source <> 'SYSTEM'"))
        .containsExactly("3000");
    assertThat(
            rows(
                "SELECT count(*), min(length(status)) FROM $s.sat_order WHERE record_source <> 'SYSTEM'"))
        .containsExactly("3000|1002");
    assertThat(rows("SELECT count(*) FROM $s.lnk_order_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly("3000");
  }

  @Test
  void aRowLargerThanAnyStatementIsItsEventsErrorRow() throws Exception {
    VaultLoader loader = open();
    List<ChangeEvent> batch = new ArrayList<>();
    batch.add(customer(loader, 0, 1));
    batch.add(order(loader, 1, 1, "NEW"));
    batch.add(order(loader, 2, 1, "y".repeat(1_200_000)));
    batch.add(order(loader, 3, 1, "PAID"));
    LoadResult r = loader.load(batch);
    assertThat(r.errors()).isEqualTo(1);
    assertThat(rows("SELECT status FROM $s.sat_order WHERE record_source <> 'SYSTEM' ORDER BY 1"))
        .containsExactly("NEW", "PAID");
    assertThat(
            rows(
                "SELECT error_code, kafka_offset, record_value IS NULL, event IS NULL FROM"
                    + " $s.vs_errors"))
        .containsExactly("TYPE_CONVERSION|2|1|1");
    assertThat(value("SELECT message FROM $s.vs_errors"))
        .contains("max_allowed_packet")
        .contains("read it from topic " + ORDERS + ", partition 0, offset 2");
  }

  private VaultLoader open() throws Exception {
    schema = newSchema();
    return track(VaultLoader.open(SHOP, db().options(schema).build()));
  }

  private static ChangeEvent order(VaultLoader loader, long offset, long customer, String status) {
    String after =
        "{\"id\":"
            + offset
            + ",\"order_no\":\"O"
            + offset
            + "\",\"customer_id\":"
            + customer
            + ",\"ordered_at\":\"2026-01-01T00:00:00Z\",\"status\":\""
            + status
            + "\"}";
    return decode(loader, ORDERS, offset, after);
  }

  private static ChangeEvent customer(VaultLoader loader, long offset, long id) {
    String after =
        "{\"id\":"
            + id
            + ",\"customer_no\":\"C"
            + id
            + "\",\"name\":\"n\",\"email\":null,\"city\":null,\"updated_at\":null}";
    return decode(loader, CUSTOMERS, offset, after);
  }

  private static ChangeEvent decode(VaultLoader loader, String topic, long offset, String after) {
    String value =
        "{\"before\":null,\"after\":"
            + after
            + ",\"source\":{\"ts_us\":"
            + (1_767_225_600_000_000L + offset * 1_000_000L)
            + ",\"lsn\":"
            + (1000 + offset)
            + "},\"op\":\"c\"}";
    return loader
        .decoder()
        .decode(topic, 0, offset, 0, null, value.getBytes(StandardCharsets.UTF_8))
        .orElseThrow();
  }
}
