package io.vaultstream.dialect.mariadb;

import static io.vaultstream.dialect.mariadb.MariaDbSyntax.list;
import static io.vaultstream.dialect.mariadb.MariaDbSyntax.quote;
import static io.vaultstream.dialect.mariadb.MariaDbSyntax.table;

import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.util.List;
import java.util.Locale;

/** MariaDB's statements that create and inspect the vault's tables (InnoDB, utf8mb4, UTC). */
final class MariaDbDdl {
  /** Text compared byte for byte, as the engine compares keys and codes. */
  static final String CHARSET = "CHARACTER SET utf8mb4 COLLATE utf8mb4_bin";

  private MariaDbDdl() {}

  static String createSchema(String schema) {
    return "CREATE DATABASE IF NOT EXISTS " + quote(schema) + " " + CHARSET;
  }

  static String createTable(String schema, TableSpec t) {
    StringBuilder sb =
        new StringBuilder("CREATE TABLE IF NOT EXISTS ")
            .append(table(schema, t.name()))
            .append(" (\n");
    String identity = null;
    for (ColumnSpec c : t.columns()) {
      String type = MariaDbTypes.checked(c.type());
      if (t.primaryKey().contains(c.name()) && !MariaDbTypes.indexable(type)) {
        // An index cannot hold LONGTEXT or LONGBLOB whole; key columns get a bounded type.
        type =
            MariaDbTypes.kind(type) == MariaDbTypes.Kind.BINARY
                ? "VARBINARY(255)"
                : MariaDbTypes.KEY_COLUMN_TEXT;
      }
      if (type.toLowerCase(Locale.ROOT).contains("auto_increment")) {
        identity = c.name();
      }
      sb.append("  ").append(quote(c.name())).append(' ').append(type);
      if (c.notNull()) {
        sb.append(" NOT NULL");
      }
      sb.append(",\n");
    }
    sb.append("  PRIMARY KEY (").append(list(t.primaryKey())).append(")");
    if (identity != null && !t.primaryKey().contains(identity)) {
      // InnoDB numbers an AUTO_INCREMENT column only when an index leads with it.
      sb.append(",\n  UNIQUE KEY ")
          .append(quote(t.name() + "_" + identity))
          .append(" (")
          .append(quote(identity))
          .append(")");
    }
    return sb.append("\n) ENGINE=InnoDB DEFAULT ").append(CHARSET).toString();
  }

  static String addColumn(String schema, String table, ColumnSpec c) {
    return "ALTER TABLE "
        + table(schema, table)
        + " ADD COLUMN IF NOT EXISTS "
        + quote(c.name())
        + " "
        + MariaDbTypes.checked(c.type());
  }

  static String addAttributeColumn(String schema, String table, ColumnSpec c) {
    return addColumn(schema, table, c) + " COMMENT '" + VaultDialect.ADDED_COLUMN_MARK + "'";
  }

  static String widenColumn(String schema, String table, ColumnSpec c) {
    return "ALTER TABLE "
        + table(schema, table)
        + " MODIFY COLUMN "
        + quote(c.name())
        + " "
        + MariaDbTypes.checked(c.type());
  }

  static String selectColumns() {
    // The whole type (length, precision, character set), as the statements must cast to it.
    return "SELECT column_name, CONCAT(column_type, IF(character_set_name IS NULL, '',"
        + " CONCAT(' CHARACTER SET ', character_set_name, ' COLLATE ', collation_name))),"
        + " column_comment FROM information_schema.columns WHERE table_schema = ? AND table_name = ?"
        + " ORDER BY ordinal_position";
  }

  static String selectIndexes() {
    return "SELECT DISTINCT index_name FROM information_schema.statistics"
        + " WHERE table_schema = ? AND table_name = ?";
  }

  static String createIndex(String schema, String table, String name, List<String> columns) {
    return "CREATE INDEX IF NOT EXISTS "
        + quote(name)
        + " ON "
        + table(schema, table)
        + " ("
        + list(columns)
        + ")";
  }
}
