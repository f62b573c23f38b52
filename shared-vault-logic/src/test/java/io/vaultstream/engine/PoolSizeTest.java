package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * A pool of one connection is refused: a batch that brings a new column adds it on a second
 * connection while it holds the first, so with one the loader waited for itself (the pool's
 * connection timeout, then a failure).
 */
class PoolSizeTest {
  private static final String URL = "jdbc:postgresql://localhost/db";

  @Test
  void aPoolOfOneIsRefusedWithTheReason() {
    assertThatThrownBy(() -> VaultOptions.builder().jdbcUrl(URL).poolMaxSize(1).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "the connection pool needs at least 2 connections (given 1): a column first seen in"
                + " events is added on a second connection while the batch holds the first");
  }

  @Test
  void twoAreEnough() {
    assertThat(VaultOptions.builder().jdbcUrl(URL).poolMaxSize(2).build().poolMaxSize())
        .isEqualTo(2);
  }
}
