package io.vaultstream.dialect;

import io.vaultstream.dialect.h2.H2Dialect;
import io.vaultstream.table.TableSpec;
import java.util.List;

/** The loading statements of the H2 example dialect (the SPI's standard SQL), as recorded. */
class H2LoadingGoldenTest extends LoadingGoldenCases {
  @Override
  VaultDialect dialect() {
    return new H2Dialect();
  }

  @Override
  String folder() {
    return "h2";
  }

  @Override
  String bulkSql(TableSpec t, List<String> cols) {
    return null;
  }
}
