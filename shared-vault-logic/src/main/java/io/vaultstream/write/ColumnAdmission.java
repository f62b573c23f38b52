package io.vaultstream.write;

import io.vaultstream.dialect.VaultValues;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.event.StoredText;
import io.vaultstream.model.ReferenceTable;
import io.vaultstream.model.Satellite;
import io.vaultstream.model.SourceTable;
import io.vaultstream.model.VaultModel;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides, before any schema change, whether the columns an event brings to the tables that take
 * their columns from events may become columns: names the database can create and tells apart from
 * the table's columns, and, with auto-evolve, within {@link ColumnLimits}. An event refused here is
 * a bad record (an error row) and never reaches {@code ALTER TABLE}; the rest of the batch loads.
 */
public final class ColumnAdmission {
  private final VaultShape schema;
  private final VaultValues target;
  private final ColumnLimits limits;
  private final boolean autoEvolve;

  /** Source name to the tables that take their columns from its events. */
  private final Map<String, List<String>> takers = new HashMap<>();

  /** Source name to its key columns, which never become attribute columns. */
  private final Map<String, Set<String>> keys = new HashMap<>();

  /** Columns admitted per table, not added yet. */
  private final Map<String, Set<String>> admitted = new HashMap<>();

  public ColumnAdmission(
      VaultModel model,
      VaultShape schema,
      VaultValues target,
      ColumnLimits limits,
      boolean autoEvolve) {
    this.schema = schema;
    this.target = target;
    this.limits = limits;
    this.autoEvolve = autoEvolve;
    for (SourceTable s : model.sources().values()) {
      List<String> tables = new ArrayList<>();
      for (Satellite sat : model.satellitesOf(s.name())) {
        tables.add(sat.name());
      }
      for (ReferenceTable r : model.referenceTablesOf(s.name())) {
        tables.add(r.name());
      }
      model.linksOf(s.name()).forEach(l -> tables.add(l.name()));
      tables.removeIf(t -> schema.table(t) == null || !schema.table(t).discoversColumns());
      if (!tables.isEmpty()) {
        takers.put(s.name(), List.copyOf(tables));
        keys.put(s.name(), Set.copyOf(model.keyColumnsOf(s.name())));
      }
    }
  }

  /**
   * The events whose columns are admitted, in order; for each other event a {@code BAD_RECORD}
   * problem is added to {@code refused}.
   */
  public List<ChangeEvent> admit(List<ChangeEvent> events, List<Problem> refused) {
    if (takers.isEmpty()) {
      return events;
    }
    List<ChangeEvent> out = null;
    for (int i = 0; i < events.size(); i++) {
      ChangeEvent e = events.get(i);
      Problem why = refusal(e);
      if (why != null && out == null) {
        out = new ArrayList<>(events.subList(0, i));
      }
      if (why != null) {
        refused.add(why);
      } else if (out != null) {
        out.add(e);
      }
    }
    return out == null ? events : out;
  }

  /** Why the event is refused, or null. */
  private Problem refusal(ChangeEvent e) {
    List<String> tables = takers.get(e.sourceTable());
    if (tables == null || !e.operation().carriesRow()) {
      return null;
    }
    Set<String> keyColumns = keys.get(e.sourceTable());
    for (String table : tables) {
      TableSpec t = schema.table(table);
      List<String> fresh = null;
      for (String c : e.row().keySet()) {
        if (!keyColumns.contains(c) && t.column(c) == null) {
          if (fresh == null) {
            fresh = new ArrayList<>();
          }
          fresh.add(c);
        }
      }
      String why = fresh == null ? null : admit(table, fresh);
      if (why != null) {
        return Problem.of(
            e,
            Problem.BAD_RECORD,
            table,
            e.position() + ": the record cannot become a row of " + table + ": " + why);
      }
    }
    return null;
  }

  /**
   * Whether a record may bring these columns, which {@code table} lacks: each must be a name the
   * database can create and not the same name to it as a column the table has, and with auto-evolve
   * the record and the table must stay within the limits. Admitted names are kept, so that the next
   * batch counts them before they are added.
   *
   * @return why the record is refused, or null when its columns are admitted
   */
  private synchronized String admit(String table, List<String> fresh) {
    TableSpec t = schema.table(table);
    Set<String> reserved = admitted.computeIfAbsent(table, k -> new HashSet<>());
    Map<String, String> known = knownNames(t, reserved);
    List<String> adding = new ArrayList<>();
    for (String c : fresh) {
      if (reserved.contains(c)) {
        continue;
      }
      String why = nameRefusal(table, c, known);
      if (why != null) {
        return why;
      }
      adding.add(c);
    }
    if (!autoEvolve || adding.isEmpty()) {
      return null; // without auto-evolve, the batch fails naming the statement to run
    }
    String why = limitRefusal(table, t, reserved, adding);
    if (why == null) {
      reserved.addAll(adding);
    }
    return why;
  }

  /** The table's columns and those admitted to it, by the name the database compares. */
  private Map<String, String> knownNames(TableSpec t, Set<String> reserved) {
    Map<String, String> known = new HashMap<>();
    for (ColumnSpec c : t.columns()) {
      known.put(target.columnNameKey(c.name()), c.name());
    }
    for (String r : reserved) {
      known.putIfAbsent(target.columnNameKey(r), r);
    }
    return known;
  }

  /** Why the column's name cannot be added, or null; an admissible name joins {@code known}. */
  private String nameRefusal(String table, String c, Map<String, String> known) {
    String problem = target.columnNameProblem(c);
    if (problem != null) {
      return "its column '"
          + StoredText.escape(c, false)
          + "' cannot be added to "
          + table
          + ": "
          + problem;
    }
    String other = known.putIfAbsent(target.columnNameKey(c), c);
    if (other != null) {
      return "its column '"
          + StoredText.escape(c, false)
          + "' and the column '"
          + StoredText.escape(other, false)
          + "' of "
          + table
          + " differ only in case, and the database takes them for one column";
    }
    return null;
  }

  /** Why adding these columns would pass the per-record or per-table limit, or null. */
  private String limitRefusal(
      String table, TableSpec t, Set<String> reserved, List<String> adding) {
    if (adding.size() > limits.perRecord()) {
      return "it brings "
          + adding.size()
          + " columns that "
          + table
          + " lacks ("
          + names(adding)
          + "); one record may add at most "
          + limits.perRecord()
          + " (auto.evolve.max.columns.per.record; --auto-evolve-max-columns-per-record for the"
          + " Spark job): declare the source's columns in the model, or raise the limit";
    }
    int gained = gainedColumns(table, t, reserved);
    if (gained + adding.size() > limits.perTable()) {
      return table
          + " has gained "
          + gained
          + " columns from events, and the record would add "
          + adding.size()
          + " more ("
          + names(adding)
          + "); a table may gain at most "
          + limits.perTable()
          + " (auto.evolve.max.columns.per.table; --auto-evolve-max-columns-per-table for the"
          + " Spark job): declare the source's columns in the model, or raise the limit";
    }
    return null;
  }

  /** The columns the table has gained from events: added ones and those admitted, not added yet. */
  private int gainedColumns(String table, TableSpec t, Set<String> reserved) {
    int gained = 0;
    for (ColumnSpec c : t.columns()) {
      if (schema.modelTable(table).column(c.name()) == null) {
        gained++;
      }
    }
    for (String r : reserved) {
      if (t.column(r) == null) {
        gained++;
      }
    }
    return gained;
  }

  /** The first few names, for a message. */
  private static String names(List<String> names) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < Math.min(5, names.size()); i++) {
      sb.append(i == 0 ? "'" : ", '").append(StoredText.escape(names.get(i), false)).append('\'');
    }
    return names.size() > 5 ? sb + ", ..." : sb.toString();
  }
}
