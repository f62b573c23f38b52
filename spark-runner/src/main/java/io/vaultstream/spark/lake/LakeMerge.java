package io.vaultstream.spark.lake;

import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code MERGE} statement that writes a batch's {@link LakeChanges} to their table: the source
 * is the temporary view of the changes (their columns as text, each row's action, and whether the
 * row names each column some upsert leaves out), cast to the table's types; a delete deletes, an
 * upsert replaces the columns its row names, an earliest sighting moves the load time and record
 * source back, and any change but a delete inserts a key that is not stored.
 */
final class LakeMerge {
  private final TableSpec table;
  private final String loadDts;
  private final String recordSource;
  private final List<String> cols;
  private final List<Integer> unnamed;

  /**
   * @param cols the table's columns the changes carry, in the table's order
   * @param unnamed the positions in {@code cols} of the non-key columns some upsert leaves out
   */
  LakeMerge(
      TableSpec table,
      String loadDts,
      String recordSource,
      List<String> cols,
      List<Integer> unnamed) {
    this.table = table;
    this.loadDts = loadDts;
    this.recordSource = recordSource;
    this.cols = cols;
    this.unnamed = unnamed;
  }

  /** The MERGE of the changes in {@code view} into the table. */
  String sql(LakeLocation at, String view) {
    List<String> on = new ArrayList<>();
    for (String k : table.primaryKey()) {
      on.add("t." + q(k) + " = s." + q(k));
    }
    List<String> set = updates();
    StringBuilder b = new StringBuilder("MERGE INTO ").append(at.table(table.name()));
    b.append(" t USING (SELECT ").append(String.join(", ", typedChanges())).append(" FROM ");
    b.append(view).append(" s) s ON ").append(String.join(" AND ", on));
    b.append(" WHEN MATCHED AND s.")
        .append(q(LakeChanges.ACTION))
        .append(" = 'DELETE' THEN DELETE");
    if (!set.isEmpty()) {
      b.append(" WHEN MATCHED AND s.").append(q(LakeChanges.ACTION));
      b.append(" = 'UPSERT' THEN UPDATE SET ").append(String.join(", ", set));
    }
    if (cols.contains(loadDts) && cols.contains(recordSource)) {
      appendEarliest(b);
    }
    appendInsert(b);
    return b.toString();
  }

  /**
   * The view's columns as the MERGE reads them: the changes' columns cast to the table's types, the
   * action, and whether each change names the columns some change does not.
   */
  private List<String> typedChanges() {
    List<String> casts = new ArrayList<>();
    for (String c : cols) {
      casts.add(LakeValues.cast("s." + q(c), table.column(c).type()) + " AS " + q(c));
    }
    casts.add("s." + q(LakeChanges.ACTION));
    for (int i : unnamed) {
      casts.add("s." + q(LakeChanges.NAMED + i));
    }
    return casts;
  }

  /** The EARLIEST action: an earlier load time (and its record source) replaces a stored one. */
  private void appendEarliest(StringBuilder b) {
    b.append(" WHEN MATCHED AND s.").append(q(LakeChanges.ACTION)).append(" = 'EARLIEST' AND s.");
    b.append(q(loadDts)).append(" < t.").append(q(loadDts)).append(" THEN UPDATE SET ");
    b.append(q(loadDts)).append(" = s.").append(q(loadDts)).append(", ");
    b.append(q(recordSource)).append(" = s.").append(q(recordSource));
  }

  /**
   * The insert of a change without a stored row. It names every column of the table: not every
   * format fills the unnamed with NULL.
   */
  private void appendInsert(StringBuilder b) {
    List<String> inserted = new ArrayList<>();
    List<String> values = new ArrayList<>();
    for (ColumnSpec c : table.columns()) {
      inserted.add(q(c.name()));
      values.add(cols.contains(c.name()) ? "s." + q(c.name()) : "CAST(NULL AS " + c.type() + ")");
    }
    b.append(" WHEN NOT MATCHED AND s.").append(q(LakeChanges.ACTION));
    b.append(" <> 'DELETE' THEN INSERT (").append(String.join(", ", inserted)).append(") VALUES (");
    b.append(String.join(", ", values)).append(')');
  }

  /**
   * An update's assignments: every column the changes carry but the key, a column some change does
   * not name keeping its stored value for that change.
   */
  private List<String> updates() {
    List<String> set = new ArrayList<>();
    for (int i = 0; i < cols.size(); i++) {
      String c = cols.get(i);
      if (unnamed.contains(i)) {
        set.add(
            q(c)
                + " = CASE WHEN s."
                + q(LakeChanges.NAMED + i)
                + " THEN s."
                + q(c)
                + " ELSE t."
                + q(c)
                + " END");
      } else if (!table.primaryKey().contains(c)) {
        set.add(q(c) + " = s." + q(c));
      }
    }
    return set;
  }

  private static String q(String name) {
    return LakeLocation.quote(name);
  }
}
