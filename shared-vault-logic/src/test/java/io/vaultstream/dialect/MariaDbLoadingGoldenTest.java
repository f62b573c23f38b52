package io.vaultstream.dialect;

import io.vaultstream.table.TableSpec;
import java.util.List;

/** The loading statements of the MariaDB dialect, as recorded. */
class MariaDbLoadingGoldenTest extends LoadingGoldenCases {
  @Override
  VaultDialect dialect() {
    return new io.vaultstream.dialect.mariadb.MariaDbDialect();
  }

  @Override
  String folder() {
    return "mariadb";
  }

  @Override
  String bulkSql(TableSpec t, List<String> cols) {
    return null;
  }
}
