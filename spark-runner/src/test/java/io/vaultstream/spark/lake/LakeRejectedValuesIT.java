package io.vaultstream.spark.lake;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestClock;
import io.vaultstream.testing.TestDatabase;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/**
 * Values a typed column cannot hold, on Delta as in PostgreSQL: the shop's product satellite takes
 * its columns from events, and an operator gave three of them types of their own before any event
 * brought them (a price with two decimals, a stock count, a launch date). Events whose values do
 * not fit (a word for a number, too many digits, a count past the integer range, the 30th of
 * February) come among good ones and as an update of a stored row. In both, each such event is an
 * error row of type {@code TYPE_CONVERSION}, the rest of its batch loads, and every vault table has
 * the same rows; on Delta the batch does not fail (a value its column refuses would fail the
 * batch's MERGE in every run of it).
 */
class LakeRejectedValuesIT extends LakeSessionTests {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  /** The test's batches: good and bad products; then updates of stored ones, one bad. */
  private static List<List<ChangeEvent>> batches(EventFactory f) {
    List<ChangeEvent> first = new ArrayList<>();
    first.add(product(f, 1, 1, "price", "9.90", "stock", 5, "launched", "2024-01-02"));
    first.add(product(f, 2, 2, "price", "twelve"));
    first.add(product(f, 3, 3, "price", "123456789.5")); // 9 digits before the point
    first.add(product(f, 4, 4, "stock", 3_000_000_000L)); // past the integer range
    first.add(product(f, 5, 5, "launched", "2024-02-30"));
    first.add(product(f, 6, 6, "price", "12.345", "stock", 0)); // rounds to 12.35: fits
    first.add(product(f, 7, 7));
    List<ChangeEvent> second = new ArrayList<>();
    second.add(product(f, 20, 1, "price", "1e12", "stock", 5, "launched", "2024-01-02"));
    second.add(product(f, 21, 6, "price", "12.345", "stock", 7));
    return List.of(first, second);
  }

  /** A product event (a create, an update from the 20th second on) with some typed values. */
  private static ChangeEvent product(EventFactory f, long second, long id, Object... typed) {
    Object[] kv = new Object[6 + typed.length];
    System.arraycopy(new Object[] {"id", id, "sku", "P-" + id, "name", "Lamp " + id}, 0, kv, 0, 6);
    System.arraycopy(typed, 0, kv, 6, typed.length);
    return f.event("products", second < 20 ? "c" : "u", at(second), row(kv));
  }

  @Test
  void eachEventWithAValueItsColumnCannotHoldIsAnErrorRowInBothAndTheRestLoadsAlike()
      throws Exception {
    String schema = TestDatabase.newSchema();
    VaultOptions options = TestDatabase.options(schema).build();
    loadIntoPostgresWithTypedColumns(schema, options);
    LakeLocation at = new LakeLocation.Path(dir.resolve("vault").toString());
    int errors = loadIntoDeltaWithTypedColumns(options, at);

    assertSameVaultRows(schema, at);
    assertThat(
            spark
                .sql(
                    "SELECT count(*) FROM "
                        + at.table("sat_product")
                        + " WHERE load_dts > timestamp'2000-01-01'")
                .first()
                .getLong(0))
        .as("the good products loaded: 1, 6 (twice) and 7")
        .isEqualTo(4);
    assertSameEventsRefused(schema, at, errors);
  }

  /** The batches into PostgreSQL, with the operator's types on three of sat_product's columns. */
  private static void loadIntoPostgresWithTypedColumns(String schema, VaultOptions options)
      throws Exception {
    // The operator's types, in PostgreSQL before the loader opens (which creates the tables first).
    try (VaultLoader first = VaultLoader.open(SHOP, options)) {
      TestDatabase.execute(
          "ALTER TABLE "
              + schema
              + ".sat_product ADD COLUMN price numeric(10,2), ADD COLUMN stock integer,"
              + " ADD COLUMN launched date");
    }
    TestClock pgClock = new TestClock(Instant.parse("2026-06-01T00:00:00Z"));
    try (VaultLoader jdbc = VaultLoader.open(SHOP, options, pgClock)) {
      for (List<ChangeEvent> b : batches(new EventFactory(SHOP))) {
        jdbc.load(b);
        pgClock.advance(Duration.ofSeconds(1));
      }
    }
  }

  /** The batches into a Delta vault with the same typed columns; the error rows they made. */
  private static int loadIntoDeltaWithTypedColumns(VaultOptions options, LakeLocation at)
      throws Exception {
    LakeVault.createTables(spark, SHOP, at);
    spark.sql(
        "ALTER TABLE "
            + at.table("sat_product")
            + " ADD COLUMNS (price DECIMAL(10,2), stock INT, launched DATE)");
    TestClock lakeClock = new TestClock(Instant.parse("2026-06-01T00:00:00Z"));
    LakeVault lake = new LakeVault(spark, SHOP, options, at, "rejected-it", lakeClock);
    long batch = 0;
    int errors = 0;
    for (List<ChangeEvent> b : batches(new EventFactory(SHOP))) {
      LoadResult r = lake.load(batch++, b, List.of(), null);
      errors += r.errors();
      lakeClock.advance(Duration.ofSeconds(1));
    }
    return errors;
  }

  /** The same vault rows, table by table. */
  private static void assertSameVaultRows(String schema, LakeLocation at) throws Exception {
    LakeDump.assertSameAsPostgres(spark, SHOP, schema, at, "");
  }

  /**
   * The same events refused, each as a type conversion, with the table and value named on Delta.
   */
  private static void assertSameEventsRefused(String schema, LakeLocation at, int errors)
      throws Exception {
    List<String> pgErrors =
        TestDatabase.rows(
            "SELECT topic || ':' || kafka_offset || ':' || error_code FROM "
                + schema
                + ".vs_errors ORDER BY 1");
    List<String> lakeErrors = new ArrayList<>();
    List<String> messages = new ArrayList<>();
    for (Row r :
        spark
            .sql(
                "SELECT concat(topic, ':', kafka_offset, ':', error_code), message FROM "
                    + at.table("vs_errors")
                    + " ORDER BY 1")
            .collectAsList()) {
      lakeErrors.add(r.getString(0));
      messages.add(r.getString(1));
    }
    assertThat(lakeErrors).containsExactlyElementsOf(pgErrors);
    assertThat(lakeErrors).hasSize(5).allSatisfy(e -> assertThat(e).endsWith(":TYPE_CONVERSION"));
    assertThat(errors).isEqualTo(5);
    Function<String, Boolean> named = text -> messages.stream().anyMatch(m -> m.contains(text));
    assertThat(named.apply("'twelve' of column price cannot be stored in sat_product.price"))
        .isTrue();
    assertThat(named.apply("'3000000000' of column stock")).isTrue();
    assertThat(named.apply("'2024-02-30' of column launched")).isTrue();
  }
}
