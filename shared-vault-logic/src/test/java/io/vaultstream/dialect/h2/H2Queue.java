package io.vaultstream.dialect.h2;

import io.vaultstream.dialect.QueueStatements;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.List;

/** H2's {@link QueueStatements}: the loader's own tables (waiting rows, error rows). */
interface H2Queue extends QueueStatements, H2Syntax {

  @Override
  default String selectWaitingForParents(
      String schema, String waiting, String errors, List<String> columns, String code) {
    return "WITH b(s, p) AS (SELECT * FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY),"
        + " CAST(? AS CHARACTER VARYING ARRAY)))\n"
        + waitingRowColumns("'W'", "state", "arrived_at", columns)
        + " FROM b JOIN "
        + table(schema, waiting)
        + " x ON x.ref_source = b.s AND x.ref_pk = b.p WHERE x.event IS NOT NULL"
        + "\nUNION ALL\n"
        + waitingRowColumns("'E'", "error_code", "first_seen", columns)
        + " FROM b JOIN "
        + table(schema, errors)
        + " x ON x.ref_source = b.s AND x.ref_pk = b.p WHERE "
        + unresolvedError(code);
  }

  @Override
  default String selectSourcesWaitedOn(String schema, String waiting, String errors) {
    return "SELECT b.s FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY)) AS b(s) WHERE EXISTS"
        + " (SELECT 1 FROM "
        + table(schema, waiting)
        + " x WHERE x.ref_source = b.s) OR EXISTS (SELECT 1 FROM "
        + table(schema, errors)
        + " x WHERE x.ref_source = b.s)";
  }

  @Override
  default String pageRows(String schema, TableSpec t, boolean afterKey) {
    if (!afterKey) {
      return table(schema, t.name()) + " y";
    }
    List<String> params = new ArrayList<>();
    for (String k : t.primaryKey()) {
      params.add("CAST(? AS " + checkedType(t.column(k).type()) + ")");
    }
    return table(schema, t.name())
        + " y WHERE ("
        + qualifiedAll("y", t.primaryKey())
        + ") > ("
        + String.join(", ", params)
        + ")";
  }

  @Override
  default String parentKnown(String schema, String keyMap) {
    return "EXISTS (SELECT 1 FROM "
        + table(schema, keyMap)
        + " k WHERE k.source_table = x.ref_source AND k.pk = x.ref_pk)";
  }

  @Override
  default String takeExpiredErrors(
      String schema, TableSpec errors, List<String> columns, String code, int rows) {
    List<String> out = new ArrayList<>();
    columns.forEach(c -> out.add(asText(quote(c))));
    String t = table(schema, errors.name());
    return "SELECT "
        + String.join(", ", out)
        + " FROM OLD TABLE (DELETE FROM "
        + t
        + " WHERE id IN (SELECT y.id FROM "
        + t
        + " y WHERE y.error_code = '"
        + code
        + "' AND y.expires_at < CAST(? AS "
        + timestampType()
        + ") ORDER BY y.expires_at LIMIT "
        + rows
        + "))";
  }

  @Override
  default List<String> moveExpiredWaiting(
      String schema,
      TableSpec waiting,
      TableSpec errors,
      List<String> columns,
      String waitingState,
      String code) {
    // Both statements bind the cutoff, the expiry and the current time, in that order.
    String times =
        "(SELECT CAST(? AS "
            + timestampType()
            + ") AS cutoff, CAST(? AS "
            + timestampType()
            + ") AS expiry, CAST(? AS "
            + timestampType()
            + ") AS now) AS p";
    String due = " WHERE m.state = '" + waitingState + "' AND m.arrived_at < p.cutoff";
    List<String> target = new ArrayList<>(columns);
    target.addAll(List.of("error_code", "first_seen", "expires_at", "last_attempt"));
    List<String> on = new ArrayList<>();
    errors.primaryKey().forEach(k -> on.add("e." + quote(k) + " = s." + quote(k)));
    // A row whose key is in the error table already is dropped.
    String insert =
        "MERGE INTO "
            + table(schema, errors.name())
            + " e USING (SELECT "
            + qualifiedAll("m", columns)
            + ", '"
            + code
            + "' AS error_code, m.arrived_at AS first_seen, p.expiry AS expires_at,"
            + " p.now AS last_attempt FROM "
            + times
            + " CROSS JOIN "
            + table(schema, waiting.name())
            + " m"
            + due
            + ") AS s ON "
            + String.join(" AND ", on)
            + "\nWHEN NOT MATCHED THEN INSERT ("
            + quoteAll(target)
            + ") VALUES ("
            + qualifiedAll("s", target)
            + ")";
    String delete =
        "DELETE FROM "
            + table(schema, waiting.name())
            + " w WHERE EXISTS (SELECT 1 FROM "
            + times
            + " CROSS JOIN "
            + table(schema, waiting.name())
            + " m"
            + due
            + " AND "
            + String.join(
                " AND ",
                waiting.primaryKey().stream()
                    .map(k -> "m." + quote(k) + " = w." + quote(k))
                    .toList())
            + ")";
    return List.of(insert, delete);
  }

  @Override
  default String deleteErrorsById(String schema, String errors) {
    return "DELETE FROM "
        + table(schema, errors)
        + " WHERE id IN (SELECT u.v FROM UNNEST(CAST(? AS BIGINT ARRAY)) AS u(v))";
  }
}
