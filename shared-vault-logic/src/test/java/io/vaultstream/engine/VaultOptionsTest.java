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
}
