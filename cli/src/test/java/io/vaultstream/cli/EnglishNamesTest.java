package io.vaultstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Singular names for vault tables, and names the rules keep. */
class EnglishNamesTest {
  @Test
  void singularOfTheLastWord() {
    assertThat(EnglishNames.singular("customers")).isEqualTo("customer");
    assertThat(EnglishNames.singular("order_lines")).isEqualTo("order_line");
    assertThat(EnglishNames.singular("categories")).isEqualTo("category");
    assertThat(EnglishNames.singular("addresses")).isEqualTo("address");
    assertThat(EnglishNames.singular("ORDERS")).isEqualTo("ORDER");
  }

  @Test
  void keepsWhatTheRulesAreUnsureAbout() {
    for (String kept :
        new String[] {
          "order_status", "bus", "analysis", "address", "boxes", "branches", "data", "is"
        }) {
      assertThat(EnglishNames.singular(kept)).as(kept).isEqualTo(kept);
    }
  }
}
