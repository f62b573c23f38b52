package io.vaultstream.dialect.mariadb;

import io.vaultstream.dialect.RowStatements;
import io.vaultstream.dialect.StandardRowSql;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.List;

/** MariaDB's read of the stored rows that events of a non-historized link disagree with. */
interface MariaDbChanges extends RowStatements, MariaDbSyntax {

  @Override
  default String selectDifferingRows(
      String schema, TableSpec t, String keyColumn, List<String> columns) {
    List<ColumnSpec> batch = new ArrayList<>();
    batch.add(new ColumnSpec(ROW_NUMBER, "bigint", true));
    batch.add(t.column(keyColumn));
    columns.forEach(c -> batch.add(t.column(c)));
    List<String> names = new ArrayList<>();
    batch.forEach(c -> names.add(c.name()));
    TableSpec rows = StandardRowSql.batchOf("u", batch);
    StringBuilder out = new StringBuilder("u." + quote(ROW_NUMBER));
    List<String> equalities = new ArrayList<>();
    for (String c : columns) {
      String type = t.column(c).type();
      String equal = same("x." + quote(c), typed("u." + quote(c), type), type);
      out.append(", IF(").append(equal).append(", 'false', 'true')");
      out.append(", ").append(toText("x." + quote(c), type));
      equalities.add(equal);
    }
    // One probe of the primary key per event.
    return "SELECT "
        + out
        + " FROM "
        + batch(rows, names, "u")
        + " STRAIGHT_JOIN "
        + probed(schema, t.name(), "x", "PRIMARY")
        + " ON "
        + match(t, List.of(keyColumn), "x", "u")
        + " WHERE NOT ("
        + String.join(" AND ", equalities)
        + ")";
  }

  /**
   * Whether two values of a column are the same: text byte for byte (a PAD SPACE collation would
   * take 'card' and 'card ' as equal, which PostgreSQL and the hash diffs do not).
   */
  private static String same(String stored, String sent, String type) {
    return switch (MariaDbSyntax.kind(type)) {
      case TEXT, ASCII -> "BINARY " + stored + " <=> BINARY " + sent;
      default -> stored + " <=> " + sent;
    };
  }
}
