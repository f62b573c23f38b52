package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The columns a topic's records add to a satellite that takes its columns from events: a record
 * beyond the limits, or with a name the database cannot create or cannot tell from a column the
 * table has, is an error row before any schema change, and the rest of its batch loads; the columns
 * added are text, so no early value fixes a column's type.
 */
abstract class ColumnAdmissionContract extends ShopReferencesBase {
  /** Whether the database compares column names without case (and refuses names MariaDB does). */
  protected abstract boolean mariaDbNames();

  private ChangeEvent product(long id, Map<String, Object> extra) {
    Map<String, Object> r = row("id", id, "sku", "SKU-" + id, "name", "P" + id);
    r.putAll(extra);
    return ev.event("products", "c", at(id), r);
  }

  private List<String> productColumns() throws SQLException {
    return rows(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = '$s'"
            + " AND table_name = 'sat_product' ORDER BY column_name");
  }

  private List<String> loadedSkus() throws SQLException {
    return rows("SELECT sku FROM $s.hub_product WHERE record_source <> 'SYSTEM' ORDER BY sku");
  }

  private List<String> errors() throws SQLException {
    return rows(
        "SELECT error_code, target_object, kafka_offset, message FROM $s.vs_errors ORDER BY kafka_offset");
  }

  @Test
  void aRecordWithThousandsOfNewFieldsIsAnErrorRowAndAddsNoColumn() throws Exception {
    VaultLoader loader = open();
    Map<String, Object> wide = row();
    for (int i = 0; i < 1_700; i++) {
      wide.put("f" + i, i);
    }
    LoadResult r = loader.load(List.of(product(1, wide), product(2, Map.of())));
    assertThat(r.errors()).isEqualTo(1);
    // Reported as a problem of the batch's own events (Connect sends those to its dead letters).
    assertThat(r.problems())
        .singleElement()
        .satisfies(p -> assertThat(p.code()).isEqualTo("BAD_RECORD"))
        .satisfies(p -> assertThat(p.event().get("sku")).isEqualTo("SKU-1"));
    assertThat(loadedSkus()).containsExactly("SKU-2");
    assertThat(productColumns()).contains("name").noneMatch(c -> c.matches("f[0-9]+"));
    assertThat(errors())
        .singleElement()
        .asString()
        .startsWith("BAD_RECORD|sat_product|")
        .contains(
            "it brings 1701 columns that sat_product lacks ('name', 'f0', 'f1', 'f2', 'f3', ...)")
        .contains("one record may add at most 100 (auto.evolve.max.columns.per.record");
  }

  /**
   * Through a pipeline, a batch with a record too wide for its table and a row the database refuses
   * is loaded in parts: the refused record is not lost on the way (an error row and a problem of
   * the batch, as when the batch loads in one piece), the good record loads.
   */
  @Test
  void aWideRecordIsAnErrorRowAlsoWhenItsPipelinedBatchLoadsInParts() throws Exception {
    schema = newSchema();
    // No sweep due: the pipeline plans the batch ahead instead of loading it with the sweep.
    VaultLoader loader =
        track(
            VaultLoader.open(SHOP, db().options(schema).sweepIntervalMs(3_600_000).build(), clock));
    loader.load(List.of(product(1, Map.of()))); // the first sweep runs with it
    db().addCheck(schema, "sat_product", "no_refused", "name <> 'refused'", true);
    Map<String, Object> wide = row();
    for (int i = 0; i < 1_700; i++) {
      wide.put("f" + i, i);
    }
    List<ChangeEvent> batch =
        List.of(product(2, wide), product(3, row("name", "refused")), product(4, Map.of()));
    List<LoadResult> results = new ArrayList<>();
    try (LoadPipeline<Integer> pipeline = loader.pipeline((tag, r) -> results.add(r))) {
      pipeline.submit(batch, List.of(), null, 1);
      pipeline.drain();
    }
    assertThat(loadedSkus()).containsExactly("SKU-1", "SKU-4");
    assertThat(errors())
        .hasSize(2)
        .anySatisfy(e -> assertThat(e).startsWith("BAD_RECORD|sat_product|"))
        .anySatisfy(e -> assertThat(e).startsWith("CONSTRAINT_VIOLATION|products|"));
    assertThat(results).singleElement();
    assertThat(results.get(0).problems())
        .extracting(p -> p.event().get("sku"))
        .containsExactlyInAnyOrder("SKU-2", "SKU-3");
  }

  @Test
  void aTableGainsNoMoreColumnsThanItsLimit() throws Exception {
    schema = newSchema();
    VaultLoader loader =
        track(
            VaultLoader.open(
                SHOP, db().options(schema).columnLimits(6, 9).sweepIntervalMs(0).build(), clock));
    Map<String, Object> five = row("a1", 1, "a2", 2, "a3", 3, "a4", 4, "a5", 5);
    Map<String, Object> four = row("b1", 1, "b2", 2, "b3", 3, "b4", 4);
    Map<String, Object> seven = row("c1", 1, "c2", 2, "c3", 3, "c4", 4, "c5", 5, "c6", 6, "c7", 7);
    // In one batch: the first record's columns (name and a1 to a5) count against the second's.
    loader.load(List.of(product(1, five), product(2, four), product(3, seven)));
    loader.load(List.of(product(4, row("d1", 1, "d2", 2, "d3", 3))));
    assertThat(loadedSkus()).containsExactly("SKU-1", "SKU-4");
    assertThat(productColumns()).contains("a1", "a5", "d1", "d3").doesNotContain("b1", "c1");
    List<String> errors = errors();
    assertThat(errors).hasSize(2);
    assertThat(errors.get(0))
        .contains("sat_product has gained 6 columns from events, and the record would add 4 more")
        .contains("a table may gain at most 9 (auto.evolve.max.columns.per.table");
    assertThat(errors.get(1))
        .contains("it brings 7 columns")
        .contains("one record may add at most 6");
    // A record of columns already added loads, whatever the limits.
    loader.load(List.of(product(5, row("a1", 9, "d2", 9))));
    assertThat(loadedSkus()).contains("SKU-5");
  }

  @Test
  void theFirstValueOfANewColumnDoesNotFixItsType() throws Exception {
    VaultLoader loader = open();
    loader.load(List.of(product(1, row("grade", true))));
    loader.load(List.of(product(2, row("grade", new java.math.BigDecimal("12.50")))));
    loader.load(List.of(product(3, row("grade", "A+"))));
    assertThat(errors()).isEmpty();
    assertThat(rows("SELECT grade FROM $s.sat_product WHERE grade IS NOT NULL ORDER BY 1"))
        .containsExactly("12.50", "A+", "true");
    assertThat(
            value(
                "SELECT data_type FROM information_schema.columns WHERE table_schema = '$s'"
                    + " AND table_name = 'sat_product' AND column_name = 'grade'"))
        .isEqualTo(db().textDataType());
  }

  @Test
  void columnNamesFollowTheRulesOfTheDatabase() throws Exception {
    VaultLoader loader = open();
    loader.load(List.of(product(1, row("colour", "red"))));
    List<ChangeEvent> batch = new ArrayList<>();
    batch.add(product(2, row("Colour", "blue")));
    batch.add(product(3, row("LOAD_DTS", "x")));
    batch.add(product(4, row("trail ", "x")));
    batch.add(product(5, row("smile\ud83d\ude00", "x")));
    batch.add(product(6, row("width", 3)));
    LoadResult r = loader.load(batch);
    if (mariaDbNames()) {
      assertThat(r.errors()).isEqualTo(4);
      assertThat(loadedSkus()).containsExactly("SKU-1", "SKU-6");
      List<String> errors = errors();
      assertThat(errors.get(0))
          .contains(
              "its column 'Colour' and the column 'colour' of sat_product differ only in case");
      assertThat(errors.get(1))
          .contains("its column 'LOAD_DTS' and the column 'load_dts' of sat_product");
      assertThat(errors.get(2)).contains("MariaDB refuses column names that end with a space");
      assertThat(errors.get(3)).contains("only characters up to U+FFFF, this one U+1F600");
    } else {
      assertThat(r.errors()).isZero();
      assertThat(loadedSkus()).hasSize(6);
      assertThat(productColumns()).contains("Colour", "LOAD_DTS", "trail ", "smile\ud83d\ude00");
    }
    assertThat(productColumns()).contains("colour", "width");
  }

  @Test
  void aColumnAddedLaterMakesNoNewVersionOfRowsThatDoNotHoldIt() throws Exception {
    VaultLoader loader = open();
    loader.load(List.of(product(1, row("colour", "red"))));
    // Another product brings a new column; product 1's row is sent again unchanged (a replay, a
    // re-snapshot), then with a value in the new column.
    loader.load(List.of(product(2, row("colour", "blue", "width", 3))));
    loader.load(
        List.of(
            ev.event(
                "products",
                "u",
                at(10),
                row("id", 1L, "sku", "SKU-1", "name", "P1", "colour", "red"))));
    loader.load(
        List.of(
            ev.event(
                "products",
                "u",
                at(11),
                row("id", 1L, "sku", "SKU-1", "name", "P1", "colour", "red", "width", null))));
    assertThat(
            rows(
                "SELECT count(*) FROM $s.sat_product WHERE record_source <> 'SYSTEM'"
                    + " AND product_hk = '"
                    + md5("SKU-1")
                    + "'"))
        .containsExactly("1");
    loader.load(
        List.of(
            ev.event(
                "products",
                "u",
                at(12),
                row("id", 1L, "sku", "SKU-1", "name", "P1", "colour", "red", "width", 5))));
    assertThat(
            rows(
                "SELECT width FROM $s.sat_product WHERE product_hk = '"
                    + md5("SKU-1")
                    + "' ORDER BY load_dts"))
        .containsExactly("null", "5");
  }
}
