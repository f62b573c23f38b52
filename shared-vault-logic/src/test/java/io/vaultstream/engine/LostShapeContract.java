package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.VaultDump;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The database loses a vault table or column the loader created (restored to before it existed, or
 * dropped behind the loader's back) while the loader runs: with auto-create on, the next batch
 * creates it again and is written, leaving the vault a restarted loader would have left; with
 * auto-create off, the batch fails naming what is missing.
 */
abstract class LostShapeContract extends DatabaseContract {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private final EventFactory ev = new EventFactory(SHOP);

  private ChangeEvent customer(long id) {
    return ev.customer("c", at(id), id, "C" + id, "name " + id);
  }

  /** A product; the shop's sat_product takes its columns from events. */
  private ChangeEvent product(long id) {
    return ev.event(
        "products", "c", at(id), EventFactory.row("id", id, "sku", "P" + id, "colour", "red"));
  }

  private static void load(VaultLoader loader, ChangeEvent... events) throws Exception {
    loader.load(List.of(events), List.of(), new Progress("lost-shape", List.of()));
  }

  /**
   * Loads customers and products 1-3, runs {@code loss} on the database, then loads 4-5, in the
   * same loader or ({@code restart}) a new one opened after the loss; returns the vault tables.
   */
  private Map<String, List<String>> afterLoss(String loss, boolean restart) throws Exception {
    schema = newSchema();
    VaultLoader loader = track(VaultLoader.open(SHOP, db().options(schema).build()));
    for (long id = 1; id <= 3; id++) {
      load(loader, customer(id), product(id));
    }
    db().execute(loss.replace("$s", schema));
    if (restart) {
      loader.close();
      loader = track(VaultLoader.open(SHOP, db().options(schema).build()));
    }
    load(loader, customer(4), product(4), customer(5), product(5));
    return VaultDump.of(db(), schema, t -> !t.startsWith("vs_"), c -> !c.equals("loaded_at"));
  }

  private void healsAsARestartWould(String loss) throws Exception {
    Map<String, List<String>> healed = afterLoss(loss, false);
    Map<String, List<String>> restarted = afterLoss(loss, true);
    assertThat(healed.keySet()).isEqualTo(restarted.keySet());
    healed.forEach((t, rows) -> assertThat(rows).as(t).isEqualTo(restarted.get(t)));
  }

  @Test
  void aTableTheDatabaseLostIsCreatedAgainAndTheBatchWritten() throws Exception {
    healsAsARestartWould("DROP TABLE $s.sat_customer");
    assertThat(rows("SELECT customer_hk FROM $s.sat_customer"))
        .as("the versions of the batch after the loss, and the ghost records")
        .hasSize(4);
  }

  @Test
  void aDeclaredColumnTheDatabaseLostIsAddedAgain() throws Exception {
    healsAsARestartWould("ALTER TABLE $s.sat_customer DROP COLUMN city");
    assertThat(value("SELECT COUNT(*) FROM $s.sat_customer WHERE name = 'name 5'")).isEqualTo("1");
  }

  @Test
  void aColumnTakenFromEventsThatTheDatabaseLostIsAddedAgain() throws Exception {
    healsAsARestartWould("ALTER TABLE $s.sat_product DROP COLUMN colour");
    assertThat(value("SELECT COUNT(*) FROM $s.sat_product WHERE colour = 'red'")).isEqualTo("2");
  }

  @Test
  void withoutAutoCreateTheBatchFailsNamingWhatIsMissing() throws Exception {
    schema = newSchema();
    track(VaultLoader.open(SHOP, db().options(schema).build())).close();
    VaultLoader loader =
        track(VaultLoader.open(SHOP, db().options(schema).autoCreate(false).build()));
    load(loader, customer(1));
    db().execute("DROP TABLE " + schema + ".sat_customer");
    assertThatThrownBy(() -> load(loader, customer(2)))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("sat_customer");
  }
}
