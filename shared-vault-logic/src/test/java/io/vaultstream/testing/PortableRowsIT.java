package io.vaultstream.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The fixture prints the values of each database's own column types the same way: the vault's
 * timestamps, booleans, binary and text hash keys, decimals, text and NULL; its string literals
 * read back as the text they were made of.
 */
class PortableRowsIT {
  private static final String ROW =
      "2026-01-01 00:00:01.5|2024-01-01 00:00:01|true|false|0102FF|9.90|x|ABC|1";
  private static final String NULLS = "null|null|null|null|null|null|null|null|null";

  @AfterAll
  static void dropSchemas() throws SQLException {
    TargetDatabase.dropCreatedSchemas();
  }

  private static List<String> load(TargetDatabase db, String columns, String binary)
      throws SQLException {
    String s = db.newSchema();
    db.execute(
        "CREATE TABLE " + s + ".v (" + columns + ")",
        "INSERT INTO "
            + s
            + ".v VALUES ('2026-01-01 00:00:01.500000', '2024-01-01 00:00:01', true, false, "
            + binary
            + ", 9.9, 'x', 'ABC', 1)",
        "INSERT INTO " + s + ".v VALUES (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)");
    String text = "C\t1\\N 'q' \\\\ é";
    assertThat(db.value("SELECT " + db.literal(text))).isEqualTo(text);
    return db.rows("SELECT * FROM " + s + ".v");
  }

  @Test
  void postgresTypes() throws Exception {
    TargetDatabase db = TargetDatabase.postgres();
    List<String> rows =
        load(
            db,
            "ts timestamptz, lt timestamp, b boolean, f boolean, bin bytea, n numeric(12,2),"
                + " t text, hk varchar(32), i bigint",
            "decode('0102ff', 'hex')");
    assertThat(rows).containsExactlyInAnyOrder(ROW, NULLS);
  }

  @Test
  void mariaDbTypes() throws Exception {
    TargetDatabase db = TargetDatabase.mariaDb();
    db.assumeReachable();
    List<String> rows =
        load(
            db,
            "ts DATETIME(6), lt DATETIME(6), b TINYINT(1), f BOOLEAN, bin BINARY(3),"
                + " n DECIMAL(12,2), t LONGTEXT, hk CHAR(32) CHARACTER SET ascii, i BIGINT",
            "X'0102FF'");
    assertThat(rows).containsExactlyInAnyOrder(ROW, NULLS);
  }

  @Test
  void timestampsPrintTheirMicrosecondsTrimmed() {
    long t = EventFactory.at(100);
    assertThat(TargetDatabase.timestamp(t)).isEqualTo("2026-01-01 00:01:40");
    assertThat(TargetDatabase.timestamp(t + 1)).isEqualTo("2026-01-01 00:01:40.000001");
    assertThat(TargetDatabase.timestamp(t + 120_000)).isEqualTo("2026-01-01 00:01:40.12");
    assertThat(TargetDatabase.timestamp(-1)).isEqualTo("1969-12-31 23:59:59.999999");
  }
}
