package io.vaultstream.bench.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The options of benchmarks/debezium-source.sh, as the script passes them in one argument. */
class SourceBenchOptionsTest {
  @Test
  void defaultsAndGivenValues() {
    SourceBenchOptions d = SourceBenchOptions.parse(new String[0]);
    assertThat(d.events()).isEqualTo(100_000);
    assertThat(d.runs()).isEqualTo(3);
    assertThat(d.vaultstream()).isTrue();
    assertThat(d.debezium()).isTrue();
    assertThat(d.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:5432/test?user=postgres");

    SourceBenchOptions o =
        SourceBenchOptions.parse(
            new String[] {
              "--source-url=jdbc:postgresql://127.0.0.1:5433/shop?user=postgres --events=5,000"
                  + " --runs=2 --seed=7 --sinks=vaultstream"
                  + " --variants=waiting.hold.ms=5000/batch.size=10000,batch.max.wait.ms=1000"
            });
    assertThat(d.variants()).isEmpty();
    assertThat(o.variants())
        .containsExactly(
            java.util.Map.of("waiting.hold.ms", "5000"),
            java.util.Map.of("batch.size", "10000", "batch.max.wait.ms", "1000"));
    assertThat(o.events()).isEqualTo(5_000);
    assertThat(o.runs()).isEqualTo(2);
    assertThat(o.seed()).isEqualTo(7);
    assertThat(o.debezium()).isFalse();
    assertThat(SourceCapture.config(o.sourceUrl()))
        .containsEntry("database.port", "5433")
        .containsEntry("database.dbname", "shop")
        .containsEntry("database.user", "postgres")
        .containsEntry("topic.prefix", "shop");
  }

  @Test
  void refusesWhatItCannotRun() {
    assertThatThrownBy(() -> SourceBenchOptions.parse(new String[] {"--tasks=2"}))
        .hasMessageContaining("unknown option '--tasks=2'");
    assertThatThrownBy(() -> SourceBenchOptions.parse(new String[] {"--runs=0"}))
        .hasMessageContaining("--runs=0 is not a whole number >= 1");
    assertThatThrownBy(
            () -> SourceBenchOptions.parse(new String[] {"--jdbc-url=jdbc:h2:mem:vault"}))
        .hasMessageContaining("PostgreSQL or MariaDB only");
    assertThatThrownBy(
            () ->
                SourceBenchOptions.parse(
                    new String[] {
                      "--spark-classpath=/tmp/cp.txt"
                          + " --jdbc-url=jdbc:mariadb://127.0.0.1:3306/test?user=root"
                    }))
        .hasMessageContaining("--spark loads into PostgreSQL only");
    assertThatThrownBy(() -> SourceBenchOptions.parse(new String[] {"--variants=batch.size"}))
        .hasMessageContaining("'batch.size' is not key=value");
    assertThatThrownBy(() -> SourceBenchOptions.parse(new String[] {"--spark-heap=lots"}))
        .hasMessageContaining("--spark-heap=lots is not a size like 2G or 512M");
  }

  @Test
  void aPathInAVariantKeepsItsSlashes() {
    assertThat(
            SourceBenchOptions.variants(
                "vault.model.path=/tmp/m/model.json,batch.size=100/batch.size=200"))
        .containsExactly(
            java.util.Map.of("vault.model.path", "/tmp/m/model.json", "batch.size", "100"),
            java.util.Map.of("batch.size", "200"));
  }

  @Test
  void aMariaDbTargetIsTaken() {
    String url = "jdbc:mariadb://127.0.0.1:3306/test?user=root";
    assertThat(SourceBenchOptions.parse(new String[] {"--jdbc-url=" + url}).jdbcUrl())
        .isEqualTo(url);
  }

  @Test
  void theSparkRunnerRunsWhenTheScriptGivesItsClassPath() {
    assertThat(SourceBenchOptions.parse(new String[0]).spark()).isFalse();
    SourceBenchOptions o =
        SourceBenchOptions.parse(
            new String[] {"--spark-classpath=/tmp/cp.txt --spark-heap=3g --spark-heap=1g"});
    assertThat(o.spark()).isTrue();
    assertThat(o.sparkClasspath()).isEqualTo("/tmp/cp.txt");
    assertThat(o.sparkHeap()).isEqualTo("1g"); // the last one given: the user's, after the script's
  }
}
