package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Defaults and checks of the options added for schema evolution and pool naming. */
class VaultOptionsTest {
  private static final String URL = "jdbc:postgresql://localhost/db";

  @Test
  void tablesAndColumnsAreCreatedByDefaultAndEachCanBeTurnedOffAlone() {
    VaultOptions defaults = VaultOptions.builder().jdbcUrl(URL).build();
    assertThat(defaults.autoCreate()).isTrue();
    assertThat(defaults.autoEvolve()).isTrue();
    VaultOptions noEvolve = VaultOptions.builder().jdbcUrl(URL).autoEvolve(false).build();
    assertThat(noEvolve.autoCreate()).isTrue();
    assertThat(noEvolve.autoEvolve()).isFalse();
    VaultOptions noCreate = VaultOptions.builder().jdbcUrl(URL).autoCreate(false).build();
    assertThat(noCreate.autoCreate()).isFalse();
    assertThat(noCreate.autoEvolve()).isTrue();
  }

  @Test
  void thePoolIsUnnamedUnlessGivenAName() {
    assertThat(VaultOptions.builder().jdbcUrl(URL).build().poolName()).isNull();
    assertThat(VaultOptions.builder().jdbcUrl(URL).poolName("vaultstream-orders_v2.sink-3").build())
        .extracting(VaultOptions::poolName)
        .isEqualTo("vaultstream-orders_v2.sink-3");
  }

  @Test
  void aPoolNameThatWouldBreakItsJmxNameIsRefusedSayingWhatIsValid() {
    for (String bad : new String[] {"", "a:b", "a,b", "a=b", "a b", "x".repeat(201)}) {
      assertThatThrownBy(() -> VaultOptions.builder().jdbcUrl(URL).poolName(bad).build())
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "the pool name '"
                  + bad
                  + "' is not usable in a JMX object name; use 1 to 200 letters, digits, '.',"
                  + " '_' or '-'");
    }
  }

  @Test
  void aSchemaNameTheDatabaseWouldCutOrRefuseIsRefusedUpFront() {
    String ok = "s".repeat(63);
    assertThat(VaultOptions.builder().jdbcUrl(URL).targetSchema(ok).build().targetSchema())
        .isEqualTo(ok);
    // 62 letters and an 'é' (two bytes in UTF-8): 63 characters, 64 bytes.
    String cut = "s".repeat(62) + "\u00e9";
    assertThatThrownBy(() -> VaultOptions.builder().jdbcUrl(URL).targetSchema(cut).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "the target schema name '"
                + cut
                + "' has 64 bytes (UTF-8); PostgreSQL keeps at most 63 of a name and silently cuts"
                + " the rest, so give a name of at most 63 bytes");
    String maria = "jdbc:mariadb://localhost/db";
    assertThat(VaultOptions.builder().jdbcUrl(maria).targetSchema("m".repeat(64)).build())
        .isNotNull();
    assertThatThrownBy(
            () -> VaultOptions.builder().jdbcUrl(maria).targetSchema("m".repeat(65)).build())
        .hasMessageEndingWith("has 65 characters; a MariaDB database name has at most 64");
  }

  @Test
  void optionsPrintTheUrlMasked() {
    String printed =
        VaultOptions.builder()
            .jdbcUrl("jdbc:postgresql://vault:s3cret@db:5432/dwh?password=s3cret")
            .build()
            .toString();
    assertThat(printed)
        .contains("jdbcUrl=jdbc:postgresql://vault:***@db:5432/dwh?password=***")
        .doesNotContain("s3cret");
  }
}
