package io.vaultstream.spark.lake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableKind;
import io.vaultstream.table.TableSpec;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/**
 * A micro-batch whose driver dies between two tables' commits and runs again ends every table as
 * one clean run does: the second run reads the tables as the first run began (not the commit it
 * left behind) with the first run's clock, and Delta skips the table committed already.
 */
class LakeBatchIT extends LakeSessionTests {

  private static final TableSpec A = table("a");
  private static final TableSpec B = table("b");

  private static TableSpec table(String name) {
    return new TableSpec(
        name,
        TableKind.TECHNICAL,
        List.of(
            new ColumnSpec("k", "STRING", true),
            new ColumnSpec("v", "INT", false),
            new ColumnSpec("t", "TIMESTAMP", false)),
        List.of("k"),
        false);
  }

  private static LakeLocation create(String name) {
    LakeLocation at = new LakeLocation.Path(dir.resolve(name).toString());
    spark.sql(LakeBatch.createLedger(at));
    for (TableSpec t : List.of(A, B)) {
      spark.sql(
          "CREATE TABLE IF NOT EXISTS "
              + at.table(t.name())
              + " (k STRING NOT NULL, v INT, t TIMESTAMP) USING DELTA");
    }
    return at;
  }

  /**
   * One batch: a's counter goes up by one, b gets a's counter as the batch read it plus ten and the
   * batch's clock; with {@code dieAfterA} the driver dies after committing a.
   */
  private static void run(LakeLocation at, long id, long now, boolean dieAfterA) {
    LakeCommit commit = new LakeCommit(spark, "query-" + at.describe().hashCode());
    LakeBatch batch = LakeBatch.begin(spark, at, commit, id, List.of("a", "b"), now);
    List<Row> read =
        spark.sql("SELECT v FROM " + batch.read("a") + " WHERE k = 'x'").collectAsList();
    int counter = read.isEmpty() ? 0 : read.get(0).getInt(0);
    LakeChanges a = new LakeChanges(A, "t", "k");
    a.put(LakeChanges.Action.UPSERT, Map.of("k", "x", "v", counter + 1));
    LakeChanges b = new LakeChanges(B, "t", "k");
    b.put(LakeChanges.Action.UPSERT, Map.of("k", "y", "v", counter + 10, "t", batch.now()));
    if (dieAfterA) {
      batch.commit(List.of(a));
      throw new IllegalStateException("the driver died");
    }
    batch.commit(List.of(a, b));
  }

  @Test
  void aBatchRunAgainAfterTheDriverDiedBetweenTwoCommitsEndsAsOneCleanRun() {
    LakeLocation crashed = create("crashed");
    run(crashed, 0, 1_000_000L, false);
    assertThatThrownBy(() -> run(crashed, 1, 2_000_000L, true)).hasMessage("the driver died");
    run(crashed, 1, 9_000_000L, false); // restarted later: the clock reads something else
    run(crashed, 2, 3_000_000L, false);

    LakeLocation clean = create("clean");
    run(clean, 0, 1_000_000L, false);
    run(clean, 1, 2_000_000L, false);
    run(clean, 2, 3_000_000L, false);

    assertThat(rows(crashed, "a")).isEqualTo(rows(clean, "a")).containsEntry("x", "3 null");
    assertThat(rows(crashed, "b"))
        .isEqualTo(rows(clean, "b"))
        .containsEntry("y", "12 1970-01-01 00:00:03");
  }

  @Test
  void changesOfOneKeyInABatchBecomeOneRowOfTheMerge() {
    LakeLocation at = create("keys");
    LakeCommit commit = new LakeCommit(spark, "keys");
    LakeChanges a = new LakeChanges(A, "t", "k");
    a.put(LakeChanges.Action.INSERT, Map.of("k", "p", "v", 1));
    a.put(LakeChanges.Action.INSERT, Map.of("k", "q", "v", 1));
    a.commit(spark, at, commit, 0);
    LakeChanges again = new LakeChanges(A, "t", "k");
    again.put(LakeChanges.Action.INSERT, Map.of("k", "p", "v", 5)); // stored: kept as it is
    again.put(LakeChanges.Action.DELETE, Map.of("k", "q"));
    again.put(LakeChanges.Action.INSERT, Map.of("k", "q", "v", 7)); // a delete then an insert
    again.put(LakeChanges.Action.INSERT, Map.of("k", "r", "v", 2));
    again.put(LakeChanges.Action.DELETE, Map.of("k", "r")); // an insert then a delete
    again.commit(spark, at, commit, 1);
    assertThat(rows(at, "a")).containsExactly(Map.entry("p", "1 null"), Map.entry("q", "7 null"));
  }

  @Test
  void changesOfOneKeyInABatchEndAsTheyWouldOneAfterAnother() {
    LakeLocation at = create("order");
    TableSpec hub = createHubWithLoadTimeAndSource(at);
    LakeCommit commit = new LakeCommit(spark, "order");
    LakeChanges first = new LakeChanges(hub, "t", "src");
    first.put(
        LakeChanges.Action.INSERT, Map.of("k", "stored", "v", 1, "t", 7_000_000L, "src", "s"));
    first.commit(spark, at, commit, 0);

    LakeChanges c = new LakeChanges(hub, "t", "src");
    // The earliest sighting wins, whatever the arrival order, for a new key and a stored one.
    c.put(LakeChanges.Action.EARLIEST, Map.of("k", "new", "v", 1, "t", 5_000_000L, "src", "a"));
    c.put(LakeChanges.Action.EARLIEST, Map.of("k", "new", "v", 1, "t", 9_000_000L, "src", "b"));
    c.put(LakeChanges.Action.EARLIEST, Map.of("k", "stored", "v", 1, "t", 3_000_000L, "src", "c"));
    c.put(LakeChanges.Action.EARLIEST, Map.of("k", "stored", "v", 1, "t", 6_000_000L, "src", "d"));
    // An insert after a key's row exists inserts nothing.
    c.put(LakeChanges.Action.INSERT, Map.of("k", "p", "v", 1, "t", 1_000_000L, "src", "e"));
    c.put(LakeChanges.Action.INSERT, Map.of("k", "p", "v", 5, "t", 1_000_000L, "src", "f"));
    c.put(LakeChanges.Action.UPSERT, Map.of("k", "q", "v", 2, "t", 1_000_000L, "src", "g"));
    c.put(LakeChanges.Action.INSERT, Map.of("k", "q", "v", 6, "t", 1_000_000L, "src", "h"));
    c.commit(spark, at, commit, 1);

    assertThat(hubRows(at))
        .containsExactly(
            Map.entry("new", "1 5000000 a"),
            Map.entry("p", "1 1000000 e"),
            Map.entry("q", "2 1000000 g"),
            Map.entry("stored", "1 3000000 c"));
  }

  /** Hub h (key k, value v, load time t, record source src), created in {@code at}. */
  private static TableSpec createHubWithLoadTimeAndSource(LakeLocation at) {
    spark.sql(
        "CREATE TABLE IF NOT EXISTS "
            + at.table("h")
            + " (k STRING NOT NULL, v INT, t TIMESTAMP NOT NULL, src STRING NOT NULL) USING DELTA");
    return new TableSpec(
        "h",
        TableKind.HUB,
        List.of(
            new ColumnSpec("k", "STRING", true),
            new ColumnSpec("v", "INT", false),
            new ColumnSpec("t", "TIMESTAMP", true),
            new ColumnSpec("src", "STRING", true)),
        List.of("k"),
        false);
  }

  /** Hub h's rows by key: value, load time in microseconds and record source. */
  private static Map<String, String> hubRows(LakeLocation at) {
    Map<String, String> out = new TreeMap<>();
    for (Row r :
        spark.sql("SELECT k, v, unix_micros(t), src FROM " + at.table("h")).collectAsList()) {
      out.put(r.getString(0), r.get(1) + " " + r.get(2) + " " + r.get(3));
    }
    return out;
  }

  @Test
  void anUpsertKeepsTheColumnsItDoesNotNameWhateverTheBatchsOtherChanges() {
    LakeLocation at = create("named");
    LakeCommit commit = new LakeCommit(spark, "named");
    LakeChanges first = new LakeChanges(A, "t", "k");
    first.put(LakeChanges.Action.INSERT, Map.of("k", "x", "v", 1, "t", 5_000_000L));
    first.put(LakeChanges.Action.INSERT, Map.of("k", "z", "v", 1, "t", 5_000_000L));
    first.commit(spark, at, commit, 0);

    LakeChanges alone = new LakeChanges(A, "t", "k");
    alone.put(LakeChanges.Action.UPSERT, Map.of("k", "z", "v", 2));
    alone.commit(spark, at, commit, 1);
    LakeChanges mixed = new LakeChanges(A, "t", "k");
    mixed.put(LakeChanges.Action.UPSERT, Map.of("k", "x", "v", 2));
    mixed.put(LakeChanges.Action.UPSERT, Map.of("k", "y", "v", 3, "t", 7_000_000L));
    // A delete then an insert makes a new row: the columns the insert does not name are null.
    mixed.put(LakeChanges.Action.DELETE, Map.of("k", "z"));
    mixed.put(LakeChanges.Action.INSERT, Map.of("k", "z", "v", 4));
    mixed.commit(spark, at, commit, 2);

    assertThat(rows(at, "a"))
        .containsExactly(
            Map.entry("x", "2 1970-01-01 00:00:05"),
            Map.entry("y", "3 1970-01-01 00:00:07"),
            Map.entry("z", "4 null"));
  }

  private static Map<String, String> rows(LakeLocation at, String table) {
    Map<String, String> out = new TreeMap<>();
    for (Row r :
        spark
            .sql("SELECT k, v, date_format(t, 'yyyy-MM-dd HH:mm:ss') FROM " + at.table(table))
            .collectAsList()) {
      out.put(r.getString(0), r.get(1) + " " + r.get(2));
    }
    return out;
  }
}
