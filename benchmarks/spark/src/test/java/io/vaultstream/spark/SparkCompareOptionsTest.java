package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/**
 * What makes the comparison's two loads comparable without Spark: the staged stream is the same
 * records whoever reads it and however it is cut into micro-batches, and the options that would
 * load elsewhere than a schema of the benchmark's own are refused.
 */
class SparkCompareOptionsTest {
  @Test
  void twoStreamsHandOutTheSameRecordsWhateverTheMicroBatchSize() {
    SparkBenchStream whole = new SparkBenchStream();
    SparkBenchStream cut = new SparkBenchStream();
    List<Row> rows = whole.next(3_000);
    cut.next(1_000);
    List<Row> last = cut.next(2_000);

    assertThat(cut.digest()).isEqualTo(whole.digest());
    assertThat(cut.nextOffsets()).isEqualTo(whole.nextOffsets());
    assertThat(cut.nextOffsets().values().stream().mapToLong(Long::longValue).sum())
        .isEqualTo(3_000);
    Row a = rows.get(2_999);
    Row b = last.get(1_999);
    assertThat(b.getString(2)).isEqualTo(a.getString(2));
    assertThat(b.getLong(4)).isEqualTo(a.getLong(4));
    assertThat(b.getTimestamp(5)).isEqualTo(a.getTimestamp(5));
    assertThat(rows).allSatisfy(r -> assertThat(r.size()).isEqualTo(6));
  }

  @Test
  void theDigestTellsOtherRecordsApart() {
    SparkBenchStream one = new SparkBenchStream();
    SparkBenchStream other = new SparkBenchStream();
    one.next(1_000);
    other.next(1_001);
    assertThat(other.digest()).isNotEqualTo(one.digest());
  }

  @Test
  void optionsThatWouldLoadIntoAnotherSchemaOrAreUnknownAreRefused() {
    assertThatThrownBy(() -> SparkCompareBenchmark.parse(List.of("--compare", "--schema=public")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--schema");
    assertThatThrownBy(
            () -> SparkCompareBenchmark.parse(List.of("--compare", "--jdbc-url=jdbc:mysql://x/y")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--jdbc-url");
    assertThatThrownBy(() -> SparkCompareBenchmark.parse(List.of("--compare", "--events=0")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> SparkCompareBenchmark.parse(List.of("--compare", "--queries=single")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--queries=single");
  }
}
