package io.vaultstream.spark;

import static io.vaultstream.spark.JobConfigTest.ENV;
import static io.vaultstream.spark.JobConfigTest.config;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.spark.lake.LakeFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A lakehouse target (Delta Lake, Iceberg) takes its tables' location and no database. */
class JobConfigLakeTargetTest {
  /** Kafka's settings only: no database. */
  private static final Map<String, String> KAFKA_ONLY =
      Map.of("SOURCE_KAFKA_BOOTSTRAP_SERVERS", "broker:9092", "CHECK_POINT_LOCATION", "/chk");

  @Test
  void theDeltaTargetTakesOneLocationAndNoDatabase() {
    aDeltaPathOrSchemaLocatesTheTablesAndNoDatabaseIsSet();
    theDeltaTargetRefusesNeitherOrBothLocationsAndADatabase();
    deltaSettingsAndUnknownTargetsAreRefusedElsewhere();
  }

  /** {@code --delta-path} or {@code --delta-schema} locates the tables; no database is set. */
  private static void aDeltaPathOrSchemaLocatesTheTablesAndNoDatabaseIsSet() {
    JobConfig path =
        config(KAFKA_ONLY, "--model", "m.json", "--target", "delta", "--delta-path", "/v/");
    assertThat(path.lakeTarget()).isTrue();
    assertThat(path.singleQuery()).isTrue();
    assertThat(path.lakeLocation().table("hub_a")).isEqualTo("delta.`/v/hub_a`");
    assertThat(path.options().jdbcUrl()).isNull();
    JobConfig schema =
        config(KAFKA_ONLY, "--model", "m.json", "--target", "delta", "--delta-schema", "main.dwh");
    assertThat(schema.lakeLocation().table("hub_a")).isEqualTo("`main`.`dwh`.`hub_a`");
  }

  /** The Delta target needs exactly one location and no {@code --jdbc-url}. */
  private static void theDeltaTargetRefusesNeitherOrBothLocationsAndADatabase() {
    assertThatThrownBy(() -> config(KAFKA_ONLY, "--model", "m.json", "--target", "delta"))
        .hasMessageContaining("needs exactly one of --delta-path DIR");
    assertThatThrownBy(
            () ->
                config(
                    KAFKA_ONLY,
                    "--model",
                    "m.json",
                    "--target",
                    "delta",
                    "--delta-path",
                    "/v",
                    "--delta-schema",
                    "s"))
        .hasMessageContaining("needs exactly one of");
    assertThatThrownBy(
            () ->
                config(
                    JobConfigTest.ENV,
                    "--model",
                    "m.json",
                    "--target",
                    "delta",
                    "--delta-path",
                    "/v"))
        .hasMessageContaining("--jdbc-url is for --target jdbc");
  }

  /** Delta's settings without {@code --target delta}, and an unknown target, are refused. */
  private static void deltaSettingsAndUnknownTargetsAreRefusedElsewhere() {
    assertThatThrownBy(() -> config(ENV, "--model", "m.json", "--delta-path", "/v"))
        .hasMessageContaining("are for --target delta");
    assertThatThrownBy(() -> config(ENV, "--model", "m.json", "--target", "hudi"))
        .hasMessageContaining(
            "--target must be 'jdbc' (PostgreSQL or MariaDB), 'delta' or 'iceberg', not 'hudi'");
    assertThat(config(ENV, "--model", "m.json").lakeTarget()).isFalse();
  }

  @Test
  void theIcebergTargetTakesACatalogSchemaAndNoDatabase() {
    anIcebergSchemaLocatesTheTablesAndNoDatabaseIsSet();
    missingOrMisplacedIcebergAndDeltaSettingsAreRefused();
    theIcebergTargetRefusesASchemaWithoutCatalogADatabaseAndQueriesPerSource();
  }

  /** {@code --iceberg-schema CATALOG.SCHEMA} locates the tables, one query, no database. */
  private static void anIcebergSchemaLocatesTheTablesAndNoDatabaseIsSet() {
    JobConfig iceberg =
        config(
            KAFKA_ONLY, "--model", "m.json", "--target", "iceberg", "--iceberg-schema", "lake.dv");
    assertThat(iceberg.lakeTarget()).isTrue();
    assertThat(iceberg.singleQuery()).isTrue();
    assertThat(iceberg.lakeLocation().table("hub_a")).isEqualTo("`lake`.`dv`.`hub_a`");
    assertThat(iceberg.lakeLocation().format()).isEqualTo(LakeFormat.ICEBERG);
    assertThat(iceberg.lakeLocation().describe()).isEqualTo("Iceberg tables in lake.dv");
    assertThat(iceberg.options().jdbcUrl()).isNull();
  }

  /**
   * The Iceberg target without its schema or with Delta's path, and the Iceberg schema on the jdbc
   * target, are refused.
   */
  private static void missingOrMisplacedIcebergAndDeltaSettingsAreRefused() {
    assertThatThrownBy(() -> config(KAFKA_ONLY, "--model", "m.json", "--target", "iceberg"))
        .hasMessageContaining("--target iceberg needs --iceberg-schema CATALOG.SCHEMA");
    assertThatThrownBy(
            () ->
                config(
                    KAFKA_ONLY, "--model", "m.json", "--target", "iceberg", "--delta-path", "/v"))
        .hasMessageContaining("--delta-path and --delta-schema are for --target delta");
    assertThatThrownBy(() -> config(KAFKA_ONLY, "--model", "m.json", "--iceberg-schema", "lake.dv"))
        .hasMessageContaining(
            "--iceberg-schema is for --target iceberg; the target is jdbc (the default)");
  }

  /** The Iceberg target refuses a schema without catalog, a database and per-source queries. */
  private static void theIcebergTargetRefusesASchemaWithoutCatalogADatabaseAndQueriesPerSource() {
    assertThatThrownBy(
            () ->
                config(
                    KAFKA_ONLY,
                    "--model",
                    "m.json",
                    "--target",
                    "iceberg",
                    "--iceberg-schema",
                    "dv"))
        .hasMessageContaining("--iceberg-schema 'dv' names no catalog: give CATALOG.SCHEMA");
    assertThatThrownBy(
            () ->
                config(
                    JobConfigTest.ENV,
                    "--model",
                    "m.json",
                    "--target",
                    "iceberg",
                    "--iceberg-schema",
                    "lake.dv"))
        .hasMessageContaining("--jdbc-url is for --target jdbc; the iceberg target keeps");
    assertThatThrownBy(
            () ->
                config(
                    KAFKA_ONLY,
                    "--model",
                    "m.json",
                    "--target",
                    "iceberg",
                    "--iceberg-schema",
                    "lake.dv",
                    "--queries",
                    "per-source"))
        .hasMessageContaining("--target iceberg runs one query over every source topic");
  }
}
