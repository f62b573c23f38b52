package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.VaultDump;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A loader keeps the key map's timelines it read in memory between batches; what it keeps never
 * makes the vault differ from a serial load of the same events: not when another loader changes a
 * business key it keeps, not when the database goes back to before the loader's last batch. Each
 * case compares the whole vault (the key map included) with one loader's load of all events into a
 * new schema.
 */
abstract class KeyMapCacheContract extends DatabaseContract {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private final EventFactory ev = new EventFactory(SHOP);
  private final List<ChangeEvent> all = new ArrayList<>();

  private VaultLoader open(String schema) throws Exception {
    return track(VaultLoader.open(SHOP, db().options(schema).build()));
  }

  private void load(VaultLoader loader, ChangeEvent... events) throws Exception {
    LoadResult r = loader.load(List.of(events), List.of(), new Progress("cache", List.of()));
    assertThat(r.problems()).isEmpty();
    for (ChangeEvent e : events) {
      if (!all.contains(e)) {
        all.add(e);
      }
    }
  }

  private ChangeEvent customer(String op, long second, String customerNo) {
    return ev.customer(op, at(second), 1, customerNo, "n" + second);
  }

  private ChangeEvent order(long second, long id) {
    return ev.order(at(second), id, "O" + id, 1L);
  }

  /** The vault as a serial load of every event loaded gives it. */
  private void assertSerialVault() throws Exception {
    String serial = newSchema();
    try (VaultLoader one = VaultLoader.open(SHOP, db().options(serial).build())) {
      assertThat(one.load(all).problems()).isEmpty();
    }
    Map<String, List<String>> expected = dump(serial);
    Map<String, List<String>> actual = dump(schema);
    assertThat(actual.keySet()).isEqualTo(expected.keySet());
    expected.forEach((t, rows) -> assertThat(actual.get(t)).as(t).isEqualTo(rows));
  }

  private Map<String, List<String>> dump(String s) throws Exception {
    return VaultDump.of(
        db(), s, t -> !t.startsWith("vs_") || t.equals("vs_key_map"), c -> !c.equals("loaded_at"));
  }

  /** Customer 1 read (an update), and an order that refers to it: its timeline is kept. */
  private void keepCustomer(VaultLoader a) throws Exception {
    load(a, customer("c", 100, "C1"));
    load(a, customer("u", 110, "C1"), order(120, 1));
    load(a, order(130, 2));
  }

  @Test
  void aBusinessKeyAnotherLoaderChangedIsReadAgain() throws Exception {
    anotherLoaderChangesTheKey(open(newSchema(), 100_000));
  }

  @Test
  void aBusinessKeyALoaderThatKeepsNothingChangedIsReadAgain() throws Exception {
    anotherLoaderChangesTheKey(open(newSchema(), 0));
  }

  @Test
  void aVaultWithoutTheWritersTableIsLoadedReadingTheKeyMapInEveryBatch() throws Exception {
    String made = newSchema();
    open(made).close(); // creates the tables
    db().execute("DROP TABLE " + made + ".vs_writers");
    schema = made;
    VaultLoader a = track(VaultLoader.open(SHOP, db().options(schema).autoCreate(false).build()));
    VaultLoader b = track(VaultLoader.open(SHOP, db().options(schema).autoCreate(false).build()));
    keepCustomer(a);
    load(b, customer("u", 200, "C1-new"));
    load(a, order(300, 3));
    assertThat(tables(schema)).doesNotContain("vs_writers");
    assertSerialVault();
  }

  /** Opens a loader on {@code s} (made the test's schema) that keeps {@code keys} rows. */
  private VaultLoader open(String s, int keys) throws Exception {
    schema = s;
    return track(VaultLoader.open(SHOP, db().options(s).keyMapCacheKeys(keys).build()));
  }

  /**
   * Loader a keeps customer 1's timeline; {@code b} (on the test's schema) changes its business
   * key; a's next order of customer 1 must link to the new one.
   */
  private void anotherLoaderChangesTheKey(VaultLoader b) throws Exception {
    VaultLoader a = open(schema);
    keepCustomer(a);
    load(b, customer("u", 200, "C1-new"));
    load(a, order(300, 3));
    assertThat(
            rows(
                "SELECT count(*) FROM $s.lnk_order_customer l JOIN $s.hub_customer h"
                    + " ON h.customer_hk = l.customer_hk WHERE h.customer_no = 'C1-new'"))
        .containsExactly("1");
    assertSerialVault();
  }

  @Test
  void aKeyMapTheDatabaseLostIsWrittenAgain() throws Exception {
    schema = newSchema();
    VaultLoader a = open(schema);
    keepCustomer(a);
    String snapshot = newSchema();
    List<String> tables = tables(schema);
    for (String t : tables) {
      db().execute("CREATE TABLE " + snapshot + "." + t + " AS SELECT * FROM " + schema + "." + t);
    }
    ChangeEvent renamed = customer("u", 200, "C1-new");
    load(a, renamed, order(210, 3));
    // the database goes back to before that batch (a restore), and the batch is loaded again
    for (String t : tables) {
      db().execute(
              "DELETE FROM " + schema + "." + t,
              "INSERT INTO " + schema + "." + t + " SELECT * FROM " + snapshot + "." + t);
    }
    load(a, renamed, order(210, 3));
    load(a, order(300, 4));
    assertThat(rows("SELECT key_values FROM $s.vs_key_map WHERE source_table = 'customers'"))
        .as("the new business key's mapping, written again")
        .hasSize(2);
    assertSerialVault();
  }

  private List<String> tables(String s) throws Exception {
    return db().rows(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = '" + s + "'");
  }
}
