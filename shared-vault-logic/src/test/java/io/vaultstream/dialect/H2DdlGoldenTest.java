package io.vaultstream.dialect;

import io.vaultstream.dialect.h2.H2Dialect;

/** The ddl statements of the H2 example dialect (the SPI's standard SQL), as recorded. */
class H2DdlGoldenTest extends DdlGoldenCases {
  @Override
  VaultDialect dialect() {
    return new H2Dialect();
  }

  @Override
  String folder() {
    return "h2";
  }
}
