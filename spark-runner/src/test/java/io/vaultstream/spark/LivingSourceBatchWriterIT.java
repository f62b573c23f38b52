package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultOptions;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Spark runner on a source that gains a column: the model declares it, the job restarted with
 * the new model adds it to the vault, a re-snapshot of unchanged rows writes no satellite version
 * (datavault4dbt hashing, declared columns and columns taken from events), and a value in the new
 * column writes one.
 */
class LivingSourceBatchWriterIT {
  private static SparkContext spark;
  private static VaultMetrics metrics;
  private static long offset;

  @BeforeAll
  static void startSpark() {
    spark = LocalSpark.start("living-source");
    metrics = new VaultMetrics(spark);
  }

  @AfterAll
  static void stopSpark() {
    LocalSpark.stop(spark);
  }

  private static VaultModel model(String name, String columns) {
    return ModelLoader.parse(
        """
        { "name": "%s", "recordSource": "SRC",
          "hashing": { "profile": "datavault4dbt" },
          "sources": { "people": { "topic": "src.people", "primaryKey": ["id"] } },
          "hubs": { "hub_person": { "hashKey": "person_hk", "businessKey": ["person_no"],
                                    "sources": { "people": ["person_no"] } } },
          "satellites": {
            "sat_person": { "parent": "hub_person", "source": "people", "columns": [%s] },
            "sat_person_all": { "parent": "hub_person", "source": "people" } } }
        """
            .formatted(name, columns),
        name);
  }

  /** Debezium JSON without a schema: a read of every person, at one source time. */
  private static List<Row> snapshot(long seconds, String phone) {
    List<Row> rows = new ArrayList<>();
    for (int id = 1; id <= 3; id++) {
      String after =
          "{\"id\":%d,\"person_no\":\"P%d\",\"name\":\"N%d\",\"city\":\"C%d\"%s}"
              .formatted(id, id, id, id, phone == null ? "" : ",\"phone\":" + phone);
      String value =
          "{\"before\":null,\"after\":%s,\"op\":\"r\",\"ts_ms\":%d,\"source\":{\"ts_ms\":%d}}"
              .formatted(after, seconds * 1000, seconds * 1000);
      rows.add(
          RowFactory.create(
              ("{\"id\":" + id + "}").getBytes(StandardCharsets.UTF_8),
              value.getBytes(StandardCharsets.UTF_8),
              "src.people",
              0,
              offset++,
              new Timestamp(seconds * 1000)));
    }
    return rows;
  }

  private static void write(VaultModel m, VaultOptions options, long batch, List<Row> rows)
      throws Exception {
    BatchWriter.writePartition(
        m,
        options,
        "q",
        BatchWriter.LEDGER + "/q",
        metrics,
        batch,
        Integer.MAX_VALUE,
        rows.iterator());
  }

  private static String versions(String schema, String table) throws Exception {
    return TestDatabase.value(
        "SELECT count(*) FROM " + schema + "." + table + " WHERE record_source <> 'SYSTEM'");
  }

  @Test
  void aColumnAddedToTheSourceWritesNoVersionOfUnchangedRows() throws Exception {
    String schema = TestDatabase.newSchema();
    VaultOptions options = TestDatabase.options(schema).build();
    write(model("before", "\"name\", \"city\""), options, 0, snapshot(1_767_225_600L, null));
    assertThat(versions(schema, "sat_person")).isEqualTo("3");
    assertThat(versions(schema, "sat_person_all")).isEqualTo("3");

    // The job restarted with a model that declares the source's new column.
    VaultModel after = model("after", "\"name\", \"phone\", \"city\"");
    write(after, options, 1, snapshot(1_767_225_700L, "null"));
    assertThat(versions(schema, "sat_person")).isEqualTo("3");
    assertThat(versions(schema, "sat_person_all")).isEqualTo("3");

    write(after, options, 2, snapshot(1_767_225_800L, "\"555\""));
    assertThat(versions(schema, "sat_person")).isEqualTo("6");
    assertThat(versions(schema, "sat_person_all")).isEqualTo("6");
    assertThat(
            TestDatabase.value(
                "SELECT count(*) FROM " + schema + ".sat_person WHERE phone = '555'"))
        .isEqualTo("3");
  }
}
