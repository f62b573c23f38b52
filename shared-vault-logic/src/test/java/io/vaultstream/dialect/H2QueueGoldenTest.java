package io.vaultstream.dialect;

import io.vaultstream.dialect.h2.H2Dialect;

/** The queue statements of the H2 example dialect (the SPI's standard SQL), as recorded. */
class H2QueueGoldenTest extends QueueGoldenCases {
  @Override
  VaultDialect dialect() {
    return new H2Dialect();
  }

  @Override
  String folder() {
    return "h2";
  }
}
