package io.vaultstream.spark.lake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The documented mapping of declared source types to Delta's (Spark SQL's) types. */
class LakeTypesTest {
  private final LakeTypes types = new LakeTypes();

  @Test
  void declaredTypesMapToTheNearestExactSparkType() {
    assertThat(types.checkedType("int4")).isEqualTo("INT");
    assertThat(types.checkedType("bigint")).isEqualTo("BIGINT");
    assertThat(types.checkedType("smallint")).isEqualTo("SMALLINT");
    assertThat(types.checkedType("numeric(12,2)")).isEqualTo("DECIMAL(12,2)");
    assertThat(types.checkedType("decimal(10)")).isEqualTo("DECIMAL(10,0)");
    assertThat(types.checkedType("boolean")).isEqualTo("BOOLEAN");
    assertThat(types.checkedType("date")).isEqualTo("DATE");
    assertThat(types.checkedType("timestamp(3)")).isEqualTo("TIMESTAMP_NTZ");
    assertThat(types.checkedType("timestamptz")).isEqualTo("TIMESTAMP");
    assertThat(types.checkedType("double precision")).isEqualTo("DOUBLE");
    assertThat(types.checkedType("bytea")).isEqualTo("BINARY");
  }

  @Test
  void valuesNoSparkTypeHoldsExactlyStayText() {
    // Unbounded or wider than Spark's 38 digits, times of day, finer than microseconds, JSON.
    assertThat(types.checkedType("numeric")).isEqualTo("STRING");
    assertThat(types.checkedType("numeric(40,2)")).isEqualTo("STRING");
    assertThat(types.checkedType("time")).isEqualTo("STRING");
    assertThat(types.checkedType("varchar(20)")).isEqualTo("STRING");
    assertThat(types.checkedType("uuid")).isEqualTo("STRING");
    assertThat(types.checkedType("jsonb")).isEqualTo("STRING");
  }

  @Test
  void hashKeysAreHexTextOrBytesAsTheModelHashes() {
    assertThat(types.hashType(32, false)).isEqualTo("STRING");
    assertThat(types.hashType(32, true)).isEqualTo("BINARY");
  }

  @Test
  void anUnknownTypeIsRefusedByName() {
    assertThatThrownBy(() -> types.checkedType("money; DROP TABLE x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("money; DROP TABLE x");
  }
}
