package io.vaultstream.dialect;

import io.vaultstream.dialect.postgres.PostgresDialect;
import io.vaultstream.table.TableSpec;
import java.util.List;

/** The loading statements of the PostgreSQL dialect, as recorded. */
class PostgresLoadingGoldenTest extends LoadingGoldenCases {
  @Override
  VaultDialect dialect() {
    return new PostgresDialect();
  }

  @Override
  String folder() {
    return "postgres";
  }

  @Override
  String bulkSql(TableSpec t, List<String> cols) {
    return dialect()
        .bulkInsert(GoldenSql.SCHEMA, t, cols, GoldenSql.SHOP.naming().loadedAt())
        .statement();
  }
}
