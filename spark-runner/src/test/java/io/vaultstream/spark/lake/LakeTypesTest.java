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

  @Test
  void valuesATypedColumnCannotHoldAreNamedWithTheReason() {
    assertThat(types.checksValues()).isTrue();
    assertThat(types.valueProblem("DECIMAL(7,2)", "12.345")).isNull(); // rounds to the scale
    assertThat(types.valueProblem("DECIMAL(7,2)", "99999.994")).isNull();
    assertThat(types.valueProblem("DECIMAL(7,2)", "99999.995"))
        .isEqualTo("more than 5 digits before the decimal point");
    assertThat(types.valueProblem("DECIMAL(7,2)", "1e3")).isNull();
    assertThat(types.valueProblem("DECIMAL(7,2)", "1e30")).isNotNull();
    assertThat(types.valueProblem("DECIMAL(7,2)", "twelve")).isEqualTo("not a number");
    assertThat(types.valueProblem("INT", "2147483647")).isNull();
    assertThat(types.valueProblem("INT", "2147483648")).startsWith("out of range");
    assertThat(types.valueProblem("BIGINT", "99999999999999999999")).isEqualTo("out of range");
    assertThat(types.valueProblem("SMALLINT", "1.0")).isEqualTo("not an integer");
    assertThat(types.valueProblem("DOUBLE", "NaN")).isNull();
    assertThat(types.valueProblem("FLOAT", "1e39")).isEqualTo("out of range");
    assertThat(types.valueProblem("BOOLEAN", "true")).isNull();
    assertThat(types.valueProblem("BOOLEAN", "maybe")).isEqualTo("not a boolean");
    assertThat(types.valueProblem("DATE", "2024-02-29")).isNull();
    assertThat(types.valueProblem("DATE", "2023-02-29")).startsWith("not a date");
    assertThat(types.valueProblem("TIMESTAMP", "2026-06-01 10:00:00.25+02")).isNull();
    assertThat(types.valueProblem("TIMESTAMP", "2026-06-01T10:00:00Z")).isNull();
    assertThat(types.valueProblem("TIMESTAMP_NTZ", "2026-06-01 10:00:00.123456")).isNull();
    assertThat(types.valueProblem("TIMESTAMP", "yesterday")).startsWith("not a timestamp");
    assertThat(types.valueProblem("BINARY", "00ff")).isNull();
    assertThat(types.valueProblem("BINARY", "0g")).isEqualTo("not hexadecimal bytes");
    assertThat(types.valueProblem("STRING", "anything")).isNull();
  }
}
