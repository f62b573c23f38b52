package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultOptions;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Operation-column records (VaultSpeed and GoldenGate style: a flat row with an I/U/D column and a
 * change-time column) through the Spark runner, read with the job's {@code --operation-column} and
 * {@code --timestamp-column}, as the Connect sink reads them with its input settings.
 */
class OperationColumnSparkIT {
  private static SparkContext spark;
  private static VaultMetrics metrics;

  @BeforeAll
  static void startSpark() {
    spark = LocalSpark.start("operation-column");
    metrics = new VaultMetrics(spark);
  }

  @AfterAll
  static void stopSpark() {
    LocalSpark.stop(spark);
  }

  private static final VaultModel MODEL =
      ModelLoader.parse(
          """
          { "name": "ops", "recordSource": "SRC",
            "sources": { "people": { "topic": "src.people", "primaryKey": ["id"] } },
            "hubs": { "hub_person": { "hashKey": "person_hk", "businessKey": ["person_no"],
                                      "sources": { "people": ["person_no"] } } },
            "satellites": {
              "sat_person": { "parent": "hub_person", "source": "people", "columns": ["name"] } } }
          """,
          "ops");

  private static Row record(long offset, int id, String name, String op, String at) {
    String value =
        "{\"id\":%d,\"person_no\":\"P%d\",\"name\":%s,\"op_type\":\"%s\",\"op_ts\":\"%s\"}"
            .formatted(id, id, name == null ? "null" : "\"" + name + "\"", op, at);
    return RowFactory.create(
        ("{\"id\":" + id + "}").getBytes(StandardCharsets.UTF_8),
        value.getBytes(StandardCharsets.UTF_8),
        "src.people",
        0,
        offset,
        new Timestamp(0));
  }

  /** The job's options with {@code --operation-column op_type --timestamp-column op_ts}. */
  private static VaultOptions jobReadingTheOperationAndTimestampColumns() {
    return JobConfig.from(
            new String[] {
              "--model", "m.json", "--operation-column", "op_type", "--timestamp-column", "op_ts"
            },
            Map.of(
                "TARGET_JDBC_URL", "jdbc:postgresql://unused/db",
                "SOURCE_KAFKA_BOOTSTRAP_SERVERS", "unused:9092",
                "CHECK_POINT_LOCATION", "/unused"))
        .options();
  }

  @Test
  void insertsUpdatesAndDeletesFromAnOperationColumnLoadAsInConnect() throws Exception {
    String schema = TestDatabase.newSchema();
    VaultOptions job = jobReadingTheOperationAndTimestampColumns();
    VaultOptions options = TestDatabase.options(schema).decoder(job.decoder()).build();
    List<Row> rows =
        List.of(
            record(0, 1, "Ann", "I", "2026-01-01T10:00:00Z"),
            record(1, 2, "Bob", "I", "2026-01-01T10:00:00Z"),
            record(2, 1, "Anna", "U", "2026-01-01T11:00:00Z"),
            record(3, 2, "Bob", "D", "2026-01-01T12:00:00Z"));
    BatchWriter.writePartition(
        MODEL,
        options,
        "q",
        BatchWriter.LEDGER + "/q",
        metrics,
        0,
        Integer.MAX_VALUE,
        rows.iterator());

    String sat = schema + ".sat_person";
    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_errors")).isEqualTo("0");
    assertThat(
            TestDatabase.value(
                "SELECT string_agg(name || ' ' || delete_flag || ' ' || to_char(load_dts AT TIME"
                    + " ZONE 'UTC', 'HH24:MI'), ', ' ORDER BY load_dts, name) FROM "
                    + sat
                    + " WHERE record_source <> 'SYSTEM'"))
        .isEqualTo("Ann false 10:00, Bob false 10:00, Anna false 11:00, Bob true 12:00");
  }
}
