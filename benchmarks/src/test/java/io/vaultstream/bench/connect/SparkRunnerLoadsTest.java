package io.vaultstream.bench.connect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;

/**
 * The load lines of the Spark harness (benchmarks/spark's SparkSourceLoads prints them; its
 * SparkSourceLoadsTest checks the same lines) as this harness reads them.
 */
class SparkRunnerLoadsTest {
  @Test
  void eachLoadLineGivesItsNumberRecordsSecondsAndQueries() {
    Matcher fresh =
        SparkRunnerLoads.LOAD.matcher(
            "Load 1 (a freshly started job): Spark local[2] loaded 200,006 events into 377,712"
                + " vault rows in 38.214 s: 5,234 events/s, 9,884 vault rows/s (one query per"
                + " source table)");
    assertThat(fresh.find()).isTrue();
    assertThat(fresh.group(1)).isEqualTo("1");
    assertThat(fresh.group(2)).isEqualTo("200,006");
    assertThat(fresh.group(3)).isEqualTo("38.214");
    assertThat(fresh.group(4)).isEqualTo("one query per source table");

    Matcher single =
        SparkRunnerLoads.LOAD.matcher(
            "Load 3 (a running job): Spark local[2] loaded 30,005 events into 56,595 vault rows in"
                + " 5.992 s: 5,008 events/s, 9,445 vault rows/s (one query for all topics)");
    assertThat(single.find()).isTrue();
    assertThat(single.group(4)).isEqualTo("one query for all topics");
  }

  @Test
  void theLinesAroundALoadStartAndStopItsCpuMeter() {
    Matcher start = SparkRunnerLoads.START.matcher("Load 2 starting");
    assertThat(start.find()).isTrue();
    assertThat(start.group(1)).isEqualTo("2");
    assertThat(
            SparkRunnerLoads.START
                .matcher("Load 2 (a running job): Spark local[2] loaded 1 events into 1")
                .find())
        .isFalse();
    assertThat(SparkRunnerLoads.LOAD.matcher("Load 2 starting").find()).isFalse();
    assertThat(SparkRunnerLoads.END.matcher("Load 2 ended").find()).isTrue();
    assertThat(SparkRunnerLoads.LOAD.matcher("Load 2 ended").find()).isFalse();
    assertThat(SparkRunnerLoads.START.matcher("Load 2 ended").find()).isFalse();
  }

  @Test
  void otherLinesAreNotLoads() {
    assertThat(
            SparkRunnerLoads.LOAD
                .matcher("13:46:53.329 INFO  BatchWriter - Batch 0 partition 0 of x: 1316 records")
                .find())
        .isFalse();
    assertThat(
            SparkRunnerLoads.LOAD
                .matcher("Error table dbz_source_spark.vs_errors: 0 rows; waiting rows left: 0")
                .find())
        .isFalse();
  }
}
