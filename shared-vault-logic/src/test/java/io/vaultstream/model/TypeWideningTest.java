package io.vaultstream.model;

import static io.vaultstream.model.TypeWidening.Verdict.NARROWER;
import static io.vaultstream.model.TypeWidening.Verdict.OTHER;
import static io.vaultstream.model.TypeWidening.Verdict.SAME;
import static io.vaultstream.model.TypeWidening.Verdict.WIDER;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which declared type changes a vault column may follow: wider types of the same kind only. */
class TypeWideningTest {

  @Test
  void widerTypesOfTheSameKind() {
    assertThat(TypeWidening.of("integer", "bigint")).isEqualTo(WIDER);
    assertThat(TypeWidening.of("smallint", "integer")).isEqualTo(WIDER);
    assertThat(TypeWidening.of("varchar(20)", "varchar(50)")).isEqualTo(WIDER);
    assertThat(TypeWidening.of("varchar(20)", "varchar")).isEqualTo(WIDER);
    assertThat(TypeWidening.of("varchar(20)", "text")).isEqualTo(WIDER);
    assertThat(TypeWidening.of("numeric(10,2)", "numeric(12,2)")).isEqualTo(WIDER);
    assertThat(TypeWidening.of("numeric(10,2)", "numeric(13,3)")).isEqualTo(WIDER);
    assertThat(TypeWidening.of("numeric(10,2)", "numeric")).isEqualTo(WIDER);
    assertThat(TypeWidening.of("real", "double precision")).isEqualTo(WIDER);
    assertThat(TypeWidening.of("timestamptz(3)", "timestamptz")).isEqualTo(WIDER);
  }

  @Test
  void theSameOrAlreadyWiderColumnsStay() {
    assertThat(TypeWidening.of("bigint", "bigint")).isEqualTo(SAME);
    assertThat(TypeWidening.of("bigint", "integer")).isEqualTo(NARROWER);
    assertThat(TypeWidening.of("varchar(50)", "varchar(20)")).isEqualTo(NARROWER);
    assertThat(TypeWidening.of("text", "varchar(20)")).isEqualTo(NARROWER);
  }

  @Test
  void aSizeTheDatabaseAddsIsTheSameType() {
    // How PostgreSQL and MariaDB list a column created as numeric(10), char, time, timestamptz.
    assertThat(TypeWidening.of("numeric(10,0)", "numeric(10)")).isEqualTo(SAME);
    assertThat(TypeWidening.of("char(1)", "char")).isEqualTo(SAME);
    assertThat(TypeWidening.of("time(6)", "time")).isEqualTo(SAME);
    assertThat(TypeWidening.of("timestamptz(6)", "timestamptz")).isEqualTo(SAME);
    assertThat(TypeWidening.of("numeric(10,0)", "numeric(12)")).isEqualTo(WIDER);
  }

  @Test
  void otherChangesAreNotMadeByTheLoader() {
    // Fewer integer digits, a smaller scale, another kind, fixed-length text.
    assertThat(TypeWidening.of("numeric(10,2)", "numeric(12,5)")).isEqualTo(OTHER);
    assertThat(TypeWidening.of("numeric(10,2)", "numeric(12,1)")).isEqualTo(OTHER);
    assertThat(TypeWidening.of("integer", "numeric(20,0)")).isEqualTo(OTHER);
    assertThat(TypeWidening.of("text", "integer")).isEqualTo(OTHER);
    assertThat(TypeWidening.of("char(3)", "char(5)")).isEqualTo(OTHER);
    assertThat(TypeWidening.of("timestamp", "timestamptz")).isEqualTo(OTHER);
  }
}
