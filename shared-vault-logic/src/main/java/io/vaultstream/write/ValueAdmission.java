package io.vaultstream.write;

import io.vaultstream.dialect.VaultValues;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.event.StoredText;
import io.vaultstream.hash.CanonicalText;
import io.vaultstream.model.Hub;
import io.vaultstream.model.Link;
import io.vaultstream.model.ReferenceTable;
import io.vaultstream.model.Satellite;
import io.vaultstream.model.SourceTable;
import io.vaultstream.model.VaultModel;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Decides, before planning, whether an event's values fit the typed columns they are written to,
 * for a target that cannot refuse one row of a batch on its own ({@link VaultValues#checksValues}:
 * a lakehouse table commits a whole batch's rows in one statement, and a value its column refuses
 * would fail that statement for every run of the batch). An event with a value that does not fit (a
 * number too wide for its declared precision, a text where a number is declared) is an error row of
 * type {@code TYPE_CONVERSION} naming the table, the column and the value; the rest of the batch
 * loads. A relational database refuses such a value in its own statement, and the engine finds the
 * event by loading the batch in parts, so this check is off for databases.
 */
public final class ValueAdmission {
  /** A column of a table that takes its value from a column of a source's events. */
  private record Feed(String table, String column, String sourceColumn) {}

  private final VaultShape shape;
  private final VaultValues target;

  /** Source name to the typed columns its events feed. */
  private final Map<String, List<Feed>> feeds = new HashMap<>();

  /**
   * Source name to the tables it feeds that take their columns from events: their columns are found
   * at each check (an operator may have given one a type of its own), by the event's names.
   */
  private final Map<String, List<String>> discovering = new HashMap<>();

  /** The columns of the loader's own per table (keys, times, flags, audit): never fed by name. */
  private final Map<String, java.util.Set<String>> own = new HashMap<>();

  public ValueAdmission(VaultModel model, VaultShape shape, VaultValues target) {
    this.shape = shape;
    this.target = target;
    if (!target.checksValues()) {
      return;
    }
    for (SourceTable s : model.sources().values()) {
      String src = s.name();
      List<Feed> out = feedsOf(model, src);
      List<String> found = discoveringOf(model, src);
      if (!found.isEmpty()) {
        discovering.put(src, List.copyOf(found));
      }
      if (!out.isEmpty()) {
        feeds.put(src, List.copyOf(out));
      }
    }
  }

  /**
   * The typed columns the source's events feed (hub keys, link and satellite columns of the same
   * names), noting each table's own columns on the way.
   */
  private List<Feed> feedsOf(VaultModel model, String src) {
    List<Feed> out = new ArrayList<>();
    for (Hub h : model.hubs().values()) {
      List<String> columns = h.sources().get(src);
      for (int i = 0; columns != null && i < h.businessKey().size(); i++) {
        out.add(new Feed(h.name(), h.businessKey().get(i), columns.get(i)));
      }
    }
    for (Link l : model.linksOf(src)) {
      sameNames(out, l.name(), l.dependentChildKey());
      if (l.nonHistorized()) {
        sameNames(
            out, l.name(), attributes(model, src, l.columns().isEmpty() ? null : l.columns()));
      }
    }
    for (Satellite sat : model.satellitesOf(src)) {
      sameNames(out, sat.name(), sat.multiActiveKey());
      sameNames(out, sat.name(), attributes(model, src, sat.columns()));
      ownColumns(model, sat.name(), sat.audit().values());
    }
    for (ReferenceTable r : model.referenceTablesOf(src)) {
      sameNames(out, r.name(), r.code());
      sameNames(out, r.name(), attributes(model, src, r.columns()));
      ownColumns(model, r.name(), List.of());
    }
    for (Link l : model.linksOf(src)) {
      ownColumns(model, l.name(), List.of());
    }
    return out;
  }

  /** The tables the source feeds that take their columns from events. */
  private List<String> discoveringOf(VaultModel model, String src) {
    List<String> found = new ArrayList<>();
    for (String t : own.keySet()) {
      TableSpec spec = shape.table(t);
      if (spec != null && spec.discoversColumns() && !found.contains(t)) {
        found.add(t);
      }
    }
    found.removeIf(t -> !fedBy(model, src, t));
    return found;
  }

  /** The attributes a table of the source declares, else the source's declared columns. */
  private static List<String> attributes(VaultModel model, String source, List<String> declared) {
    return declared != null ? declared : model.defaultAttributesOf(source);
  }

  /** Whether {@code table} takes rows from {@code source}'s events. */
  private static boolean fedBy(VaultModel model, String source, String table) {
    return model.satellitesOf(source).stream().anyMatch(x -> x.name().equals(table))
        || model.referenceTablesOf(source).stream().anyMatch(x -> x.name().equals(table))
        || model.linksOf(source).stream().anyMatch(x -> x.name().equals(table));
  }

  /** Notes the loader's own columns of a table fed by events' names. */
  private void ownColumns(VaultModel model, String table, java.util.Collection<String> audit) {
    TableSpec t = shape.table(table);
    if (t == null) {
      return;
    }
    java.util.Set<String> names = new java.util.HashSet<>(t.primaryKey());
    io.vaultstream.model.Naming n = model.naming();
    names.addAll(
        List.of(n.loadDts(), n.recordSource(), n.hashDiff(), n.deleteFlag(), n.loadedAt()));
    names.addAll(audit);
    own.put(table, names);
  }

  private static void sameNames(List<Feed> out, String table, List<String> columns) {
    for (String c : columns == null ? List.<String>of() : columns) {
      out.add(new Feed(table, c, c));
    }
  }

  /**
   * The events whose values fit their columns, in order; for each other event a {@code
   * TYPE_CONVERSION} problem is added to {@code refused}.
   */
  public List<ChangeEvent> admit(List<ChangeEvent> events, List<Problem> refused) {
    if (feeds.isEmpty() && discovering.isEmpty()) {
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

  /** Why the event's values do not fit, or null. */
  private Problem refusal(ChangeEvent e) {
    if (!e.operation().carriesRow()) {
      return null;
    }
    for (Feed f : feedsOf(e)) {
      Object v = e.get(f.sourceColumn());
      TableSpec t = v == null ? null : shape.table(f.table());
      ColumnSpec c = t == null ? null : t.column(f.column());
      if (c == null || c.type().equals(target.textType())) {
        continue;
      }
      String text = CanonicalText.of(v);
      String why = target.valueProblem(c.type(), text);
      if (why != null) {
        return refused(e, f, c, text, why);
      }
    }
    return null;
  }

  /**
   * The columns the event's values go to: its source's declared feeds, and the columns of tables
   * that discover theirs which the event's row holds.
   */
  private List<Feed> feedsOf(ChangeEvent e) {
    List<Feed> fed = new ArrayList<>(feeds.getOrDefault(e.sourceTable(), List.of()));
    for (String table : discovering.getOrDefault(e.sourceTable(), List.of())) {
      for (ColumnSpec c : shape.table(table).columns()) {
        if (!own.get(table).contains(c.name()) && e.row().containsKey(c.name())) {
          fed.add(new Feed(table, c.name(), c.name()));
        }
      }
    }
    return fed;
  }

  /** The TYPE_CONVERSION problem of a value its column cannot hold. */
  private static Problem refused(ChangeEvent e, Feed f, ColumnSpec c, String text, String why) {
    return Problem.of(
        e,
        Problem.TYPE_CONVERSION,
        f.table(),
        e.position()
            + ": the value '"
            + StoredText.escape(abbreviated(text), false)
            + "' of column "
            + f.sourceColumn()
            + " cannot be stored in "
            + f.table()
            + "."
            + f.column()
            + " ("
            + c.type()
            + "): "
            + why);
  }

  /** A value shortened for a message. */
  private static String abbreviated(String text) {
    return text.length() <= 80 ? text : text.substring(0, 77) + "...";
  }
}
