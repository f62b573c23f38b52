package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.testing.TargetDatabase;
import io.vaultstream.testing.TestDatabase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shop vault in PostgreSQL, and its keys against PostgreSQL's own md5() of the same values. */
class PostgresShopVaultIT extends ShopVaultContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }

  @Test
  void keysEqualWhatPostgresComputesFromTheSameValues() throws Exception {
    String collate = unicodeAwareCollation();
    boolean unicodeUpper = "ÉTÉ".equals(TestDatabase.value("SELECT upper('été'" + collate + ")"));
    List<String> numbers =
        new ArrayList<>(List.of(" c-1 ", "mixed Case", "x||y", "tab\tin", "  lead"));
    if (unicodeUpper) {
      numbers.addAll(List.of("straße", "été"));
    }
    List<ChangeEvent> batch = asSourceRowsAndEvents(numbers);
    loader.load(batch);
    assertThat(
            rows(
                "SELECT customer_hk FROM $s.hub_customer WHERE record_source <> 'SYSTEM' ORDER BY 1"))
        .isEqualTo(
            rows(
                "SELECT upper(md5(nullif(upper(trim(customer_no)"
                    + collate
                    + "), ''))) FROM $s.src ORDER BY 1"));
    String std = "coalesce(nullif(upper(trim(%s)" + collate + "), ''), '^^')";
    String diff =
        "upper(md5(concat_ws('||', "
            + String.format(std, "city")
            + ", "
            + String.format(std, "email")
            + ", "
            + String.format(std, "name")
            + ", "
            + String.format(std, "(updated_at AT TIME ZONE 'UTC')::text")
            + ")))";
    assertThat(
            rows(
                "SELECT hash_diff FROM $s.sat_customer WHERE record_source <> 'SYSTEM' ORDER BY 1"))
        .isEqualTo(rows("SELECT " + diff + " FROM $s.src ORDER BY 1"));
  }

  /**
   * The COLLATE clause under which PostgreSQL's upper() maps non-ASCII letters, where the server
   * has one; else none.
   */
  private static String unicodeAwareCollation() throws Exception {
    boolean builtin =
        "1"
            .equals(
                TestDatabase.value(
                    "SELECT count(*) FROM pg_collation WHERE collname = 'pg_c_utf8'"));
    return builtin ? " COLLATE pg_c_utf8" : "";
  }

  /**
   * Customers with these numbers, as rows of a source table {@code src} in the schema and as the
   * change events of the same values.
   */
  private List<ChangeEvent> asSourceRowsAndEvents(List<String> numbers) throws Exception {
    TestDatabase.execute(
        "CREATE TABLE "
            + schema
            + ".src (id bigint, customer_no text, name text, email text, city text,"
            + " updated_at timestamptz)");
    List<ChangeEvent> batch = new ArrayList<>();
    for (int i = 0; i < numbers.size(); i++) {
      long id = 10 + i;
      Instant updated = Instant.parse("2024-03-01T10:00:00Z").plusNanos(i * 1_250_000L);
      String email = i % 2 == 0 ? null : "e" + i + "@x.org";
      TestDatabase.execute(
          "INSERT INTO "
              + schema
              + ".src VALUES ("
              + id
              + ", '"
              + numbers.get(i).replace("'", "''")
              + "', 'n"
              + i
              + "', "
              + (email == null ? "NULL" : "'" + email + "'")
              + ", '', '"
              + updated
              + "')");
      batch.add(
          ev.event(
              "customers",
              "c",
              at(i),
              row(
                  "id",
                  id,
                  "customer_no",
                  numbers.get(i),
                  "name",
                  "n" + i,
                  "email",
                  email,
                  "city",
                  "",
                  "updated_at",
                  updated)));
    }
    return batch;
  }
}
