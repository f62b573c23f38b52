package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.decode.DecodeException;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TargetDatabase;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * MariaDB's key columns hold 380 characters of key text (an InnoDB index holds 3072 bytes): a key
 * just under that waits and loads like any other; a longer one is a bad record when decoded, never
 * a waiting or error row the database refuses (which failed the batch for good).
 */
class MariaDbKeyWidthIT extends DatabaseContract {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }

  @Test
  void aKeyJustUnderTheColumnsWidthWaitsAndLoads() throws Exception {
    schema = newSchema();
    VaultLoader loader = track(VaultLoader.open(SHOP, db().options(schema).build()));
    String id = "k".repeat(376); // ["kkk...k"]: 380 characters of key text
    LoadResult first = loader.load(List.of(order(loader, 0, id)));
    assertThat(first.errors()).isZero();
    assertThat(rows("SELECT char_length(ref_pk) FROM $s.vs_waiting")).containsExactly("380");
    LoadResult second = loader.load(List.of(customer(loader, 0, id)));
    assertThat(second.errors()).isZero();
    assertThat(second.resolved()).isEqualTo(1);
    assertThat(rows("SELECT count(*) FROM $s.lnk_order_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly("1");
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
  }

  @Test
  void aLongerKeyIsABadRecord() throws Exception {
    schema = newSchema();
    VaultLoader loader = track(VaultLoader.open(SHOP, db().options(schema).build()));
    assertThatThrownBy(() -> order(loader, 1, "k".repeat(377)))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("foreign key 'customer'")
        .hasMessageContaining("381 characters as key text; at most 380");
  }

  private static ChangeEvent order(VaultLoader loader, long offset, String customerId) {
    return decode(
        loader,
        "shop.public.orders",
        offset,
        "{\"id\":"
            + offset
            + ",\"order_no\":\"O"
            + offset
            + "\",\"customer_id\":\""
            + customerId
            + "\",\"status\":\"NEW\"}");
  }

  private static ChangeEvent customer(VaultLoader loader, long offset, String id) {
    return decode(
        loader,
        "shop.public.customers",
        offset,
        "{\"id\":\"" + id + "\",\"customer_no\":\"C1\",\"name\":\"n\"}");
  }

  private static ChangeEvent decode(VaultLoader loader, String topic, long offset, String after) {
    String value =
        "{\"before\":null,\"after\":"
            + after
            + ",\"source\":{\"ts_us\":"
            + (1_767_225_600_000_000L + offset * 1_000_000L)
            + "},\"op\":\"c\"}";
    return loader
        .decoder()
        .decode(topic, 0, offset, 0, null, value.getBytes(StandardCharsets.UTF_8))
        .orElseThrow();
  }
}
