package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The load lines benchmarks/debezium-source.sh's harness reads (its SparkRunnerLoadsTest parses the
 * same lines): one line each, the same in every default locale.
 */
class SparkSourceLoadsTest {
  @Test
  void aLoadLineIsTheSameInEveryLocale() {
    Locale before = Locale.getDefault();
    try {
      Locale.setDefault(Locale.GERMANY);
      assertThat(SparkSourceLoads.loadLine(1, 200_006, 377_712, 38.2136, false))
          .isEqualTo(
              "Load 1 (a freshly started job): Spark local[2] loaded 200,006 events into 377,712"
                  + " vault rows in 38.214 s: 5,234 events/s, 9,884 vault rows/s (one query per"
                  + " source table)");
      assertThat(SparkSourceLoads.loadLine(3, 30_005, 56_595, 5.992, true))
          .isEqualTo(
              "Load 3 (a running job): Spark local[2] loaded 30,005 events into 56,595 vault rows"
                  + " in 5.992 s: 5,008 events/s, 9,445 vault rows/s (one query for all topics)");
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void theLinesAroundALoadNameIt() {
    assertThat(SparkSourceLoads.startLine(2)).isEqualTo("Load 2 starting");
    assertThat(SparkSourceLoads.endLine(2)).isEqualTo("Load 2 ended");
  }
}
