package io.vaultstream.dialect;

import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The standard SQL of {@link QueueStatements}' defaults: the reads of waiting and error rows by
 * joins with the batch, and the move of expired waiting rows by {@code MERGE} and {@code DELETE}.
 */
public final class StandardQueueSql {
  private StandardQueueSql() {}

  /**
   * The error table's columns a waiting row moved there fills: its own {@code columns}, then
   * error_code, first_seen, expires_at and last_attempt.
   */
  public static List<String> movedColumns(List<String> columns) {
    List<String> target = new ArrayList<>(columns);
    target.addAll(List.of("error_code", "first_seen", "expires_at", "last_attempt"));
    return target;
  }

  /**
   * What a waiting row {@code m} moved to the error table holds, in {@link #movedColumns}' order:
   * its own columns, the error code, its arrival as first seen, and from the bound times {@code p}
   * the expiry and {@code p.<now>} as the last attempt.
   */
  public static List<String> movedValues(
      QueueStatements d, List<String> columns, String code, String now) {
    List<String> values = new ArrayList<>();
    columns.forEach(c -> values.add("m." + d.quote(c)));
    values.addAll(List.of("'" + code + "'", "m." + d.quote("arrived_at"), "p.expiry", "p." + now));
    return values;
  }

  /** The condition on waiting rows {@code m} whose wait ran out by the bound cutoff {@code p}. */
  public static String due(QueueStatements d, String waitingState) {
    return " WHERE m."
        + d.quote("state")
        + " = '"
        + waitingState
        + "' AND m."
        + d.quote("arrived_at")
        + " < p.cutoff";
  }

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
    String due = due(d, waitingState);
    List<String> target = movedColumns(columns);
    List<String> values = movedValues(d, columns, code, "stamp");
    List<String> named = new ArrayList<>();
    for (int i = 0; i < target.size(); i++) {
      named.add(values.get(i) + " AS " + d.quote(target.get(i)));
    }
    // A row whose key is in the error table already is dropped.
    String insert =
        "MERGE INTO "
            + d.table(schema, errors.name())
            + " x USING (SELECT "
            + String.join(", ", named)
            + " FROM "
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
