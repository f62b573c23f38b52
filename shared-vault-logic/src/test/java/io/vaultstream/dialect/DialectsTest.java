package io.vaultstream.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.dialect.mariadb.MariaDbDialect;
import io.vaultstream.dialect.postgres.PostgresDialect;
import org.junit.jupiter.api.Test;

/** The dialect is found through ServiceLoader by JDBC URL, or by name. */
class DialectsTest {

  @Test
  void theUrlChoosesTheDialect() {
    assertThat(Dialects.forUrl("jdbc:postgresql://db/dwh", null))
        .isInstanceOf(PostgresDialect.class);
    assertThat(Dialects.forUrl("jdbc:mariadb://db:3306/dwh?user=u", null))
        .isInstanceOf(MariaDbDialect.class);
    assertThat(Dialects.all()).extracting(VaultDialect::name).contains("postgresql", "mariadb");
  }

  @Test
  void aNameOverridesTheUrl() {
    assertThat(Dialects.forUrl("jdbc:postgresql://db/dwh", "MariaDB"))
        .isInstanceOf(MariaDbDialect.class);
    assertThatThrownBy(() -> Dialects.forUrl("jdbc:postgresql://db/dwh", "oracle"))
        .hasMessageContaining("unknown dialect 'oracle'")
        .hasMessageContaining("postgresql")
        .hasMessageContaining("mariadb");
  }

  @Test
  void mysqlIsRefusedSayingWhyAndWithoutThePassword() {
    assertThatThrownBy(() -> Dialects.forUrl("jdbc:mysql://db/dwh?user=u&password=secret", null))
        .hasMessageContaining("no dialect accepts the JDBC URL")
        .hasMessageContaining("RETURNING")
        .hasMessageContaining("jdbc:mariadb:")
        .hasMessageNotContaining("secret");
    assertThatThrownBy(
            () -> Dialects.forUrl("jdbc:nosuch://u:pw;x@db/dwh?user=u&password=ab;cd e", null))
        .hasMessageContaining("no dialect accepts the JDBC URL starting 'jdbc:nosuch:'; known")
        .hasMessageNotContaining("pw")
        .hasMessageNotContaining("cd e");
  }
}
