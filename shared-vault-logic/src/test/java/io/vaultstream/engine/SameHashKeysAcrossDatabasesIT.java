package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.testing.Backlog;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.TargetDatabase;
import io.vaultstream.testing.VaultDump;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The same events loaded into a PostgreSQL vault and a MariaDB vault give the same hash keys and
 * hash diffs, row for row, in every vault table (the engine computes them, not the database).
 */
class SameHashKeysAcrossDatabasesIT extends DatabaseContract {

  /** The database compared with PostgreSQL. */
  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }

  private static boolean hashColumn(String column) {
    return column.endsWith("_hk") || column.equals("hash_diff") || column.equals("load_dts");
  }

  private Map<String, List<String>> load(TargetDatabase target, List<List<ChangeEvent>> batches)
      throws Exception {
    String vault = target.newSchema();
    VaultLoader loader =
        track(VaultLoader.open(ShopVaultContract.SHOP, target.options(vault).build()));
    for (List<ChangeEvent> b : batches) {
      loader.load(b);
    }
    loader.sweep();
    assertThat(target.value("SELECT count(*) FROM " + vault + ".vs_errors"))
        .as(target + " errors")
        .isEqualTo("0");
    return VaultDump.of(
        target, vault, t -> !t.startsWith("vs_"), SameHashKeysAcrossDatabasesIT::hashColumn);
  }

  @Test
  void everyHashKeyAndHashDiffIsTheSameInBothVaults() throws Exception {
    EventFactory ev = new EventFactory(ShopVaultContract.SHOP);
    List<List<ChangeEvent>> batches = new ArrayList<>();
    batches.add(ShopEvents.firstOrder(ev));
    batches.add(
        List.of(
            ShopEvents.customer(ev, "u", at(10), 1, "C1", "Änne", "ann@new.example", "Köln"),
            ShopEvents.customer(ev, "c", at(11), 2, " c-2 ", "Bob", null, "x||y"),
            ev.order(at(12), 101, "O101", 2L),
            ev.order(at(13), 102, "O102", null)));
    batches.add(List.of(ev.customer("d", at(20), 2, "")));
    batches.addAll(
        Backlog.of(
            new ChangeEventDecoder(ShopVaultContract.SHOP, DecoderOptions.defaults()),
            7,
            6000,
            1000,
            true));

    Map<String, List<String>> postgres = load(TargetDatabase.postgres(), batches);
    Map<String, List<String>> other = load(db(), batches);

    assertThat(postgres.keySet())
        .contains("hub_customer", "lnk_order_line", "sat_customer", "ref_order_status");
    assertThat(postgres.get("sat_customer")).hasSizeGreaterThan(100);
    assertThat(other.keySet()).isEqualTo(postgres.keySet());
    for (String table : postgres.keySet()) {
      assertThat(other.get(table)).as(table).isEqualTo(postgres.get(table));
    }
  }
}
