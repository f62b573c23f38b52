package io.vaultstream.dialect.postgres;

import io.vaultstream.dialect.RowStatements;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.List;

/** PostgreSQL's read of the stored rows that events of a non-historized link disagree with. */
interface PostgresChanges extends RowStatements, PostgresSyntax {

  @Override
  default String selectDifferingRows(
      String schema, TableSpec t, String keyColumn, List<String> columns) {
    List<String> bound = new ArrayList<>();
    bound.add(ROW_NUMBER);
    bound.add(keyColumn);
    bound.addAll(columns);
    StringBuilder out = new StringBuilder("u." + quote(ROW_NUMBER));
    List<String> stored = new ArrayList<>();
    List<String> sent = new ArrayList<>();
    for (String c : columns) {
      String type = t.column(c).type();
      String mine = "x." + quote(c);
      String theirs = fromText("u." + quote(c), type);
      out.append(", (").append(mine).append(" IS DISTINCT FROM ").append(theirs).append(")::text");
      out.append(", ").append(toText(mine, type));
      stored.add(mine);
      sent.add(theirs);
    }
    // One index probe per event, in a lateral subquery the planner cannot flatten (OFFSET 0), so
    // the plan is a loop over the batch whatever the statistics say.
    return "SELECT "
        + out
        + " FROM "
        + batch(t, bound, "u")
        + " CROSS JOIN LATERAL (SELECT * FROM "
        + table(schema, t.name())
        + " x WHERE x."
        + quote(keyColumn)
        + " = "
        + fromText("u." + quote(keyColumn), t.column(keyColumn).type())
        + " OFFSET 0) x WHERE ROW("
        + String.join(", ", stored)
        + ") IS DISTINCT FROM ROW("
        + String.join(", ", sent)
        + ")";
  }
}
