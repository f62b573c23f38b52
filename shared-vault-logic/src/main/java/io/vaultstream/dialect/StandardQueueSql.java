package io.vaultstream.dialect;

import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The standard SQL of {@link QueueStatements}' defaults: the reads of waiting and error rows by
 * joins with the batch, and the move of expired waiting rows by {@code MERGE} and {@code DELETE}.
 */
final class StandardQueueSql {
  private StandardQueueSql() {}

  static String selectWaitingForParents(
      QueueStatements d,
      String schema,
      String waiting,
      String errors,
      List<String> columns,
      String code) {
    List<String> pair = List.of("ref_source", "ref_pk");
    String batch = d.batch(StandardRowSql.textBatch(d, "b", pair), pair, "u");
    return "WITH b AS (SELECT u."
        + d.quote("ref_source")
        + " AS s, u."
        + d.quote("ref_pk")
        + " AS p FROM "
        + batch
        + ")\n"
        + d.waitingRowColumns("'W'", "state", "arrived_at", columns)
        + " FROM b JOIN "
        + d.table(schema, waiting)
        + " x ON x.ref_source = b.s AND x.ref_pk = b.p WHERE x.event IS NOT NULL"
        + "\nUNION ALL\n"
        + d.waitingRowColumns("'E'", "error_code", "first_seen", columns)
        + " FROM b JOIN "
        + d.table(schema, errors)
        + " x ON x.ref_source = b.s AND x.ref_pk = b.p WHERE "
        + d.unresolvedError(code);
  }

  static String selectSourcesWaitedOn(
      QueueStatements d, String schema, String waiting, String errors) {
    List<String> source = List.of("ref_source");
    return "SELECT b."
        + d.quote("ref_source")
        + " FROM "
        + d.batch(StandardRowSql.textBatch(d, "b", source), source, "b")
        + " WHERE EXISTS (SELECT 1 FROM "
        + d.table(schema, waiting)
        + " x WHERE x.ref_source = b."
        + d.quote("ref_source")
        + ") OR EXISTS (SELECT 1 FROM "
        + d.table(schema, errors)
        + " x WHERE x.ref_source = b."
        + d.quote("ref_source")
        + ")";
  }

  static String pageRows(QueueStatements d, String schema, TableSpec t, boolean afterKey) {
    if (!afterKey) {
      return d.table(schema, t.name()) + " y";
    }
    List<String> params = new ArrayList<>();
    for (String k : t.primaryKey()) {
      params.add(d.fromText("CAST(? AS " + d.textType() + ")", t.column(k).type()));
    }
    return d.table(schema, t.name())
        + " y WHERE ("
        + d.qualifiedAll("y", t.primaryKey())
        + ") > ("
        + String.join(", ", params)
        + ")";
  }

  static List<String> moveExpiredWaiting(
      QueueStatements d,
      String schema,
      TableSpec waiting,
      TableSpec errors,
      List<String> columns,
      String waitingState,
      String code) {
    // Both statements bind the cutoff, the expiry and the current time, in that order.
    String time = "CAST(? AS " + d.timestampType() + ")";
    String times =
        "(VALUES (" + time + ", " + time + ", " + time + ")) AS p(cutoff, expiry, stamp)";
    String due = " WHERE m.state = '" + waitingState + "' AND m.arrived_at < p.cutoff";
    List<String> target = new ArrayList<>(columns);
    target.addAll(List.of("error_code", "first_seen", "expires_at", "last_attempt"));
    // A row whose key is in the error table already is dropped.
    String insert =
        "MERGE INTO "
            + d.table(schema, errors.name())
            + " x USING (SELECT "
            + d.qualifiedAll("m", columns)
            + ", '"
            + code
            + "' AS error_code, m.arrived_at AS first_seen, p.expiry AS expires_at,"
            + " p.stamp AS last_attempt FROM "
            + times
            + " CROSS JOIN "
            + d.table(schema, waiting.name())
            + " m"
            + due
            + ") s ON "
            + StandardRowSql.equalOn(d, errors.primaryKey(), "x", "s")
            + "\nWHEN NOT MATCHED THEN INSERT ("
            + d.quoteAll(target)
            + ") VALUES ("
            + d.qualifiedAll("s", target)
            + ")";
    String delete =
        "DELETE FROM "
            + d.table(schema, waiting.name())
            + " w WHERE EXISTS (SELECT 1 FROM "
            + times
            + " CROSS JOIN "
            + d.table(schema, waiting.name())
            + " m"
            + due
            + " AND "
            + StandardRowSql.equalOn(d, waiting.primaryKey(), "m", "w")
            + ")";
    return List.of(insert, delete);
  }
}
