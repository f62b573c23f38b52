package io.vaultstream.cli;

import io.vaultstream.cli.SourceCatalog.Fk;
import io.vaultstream.cli.SourceCatalog.Table;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What each source table becomes in a starter model: a hub, a reference table (a code table), a
 * non-historized link (a transaction table) or a many-to-many link (an associative table), and the
 * singular name its vault tables take.
 */
final class TableRoles {
  /** The kinds of vault object a source table becomes. */
  enum Role {
    HUB,
    REFERENCE,
    NON_HISTORIZED_LINK,
    LINK
  }

  /** Code tables have at most this many columns (a code, a description, a sort order...). */
  static final int CODE_TABLE_MAX_COLUMNS = 4;

  private final Map<String, Table> source;
  private final Set<String> referenced = new HashSet<>();
  private final Map<String, Role> roles = new LinkedHashMap<>();
  private final Map<String, String> names = new LinkedHashMap<>();

  TableRoles(Map<String, Table> source, Set<String> forcedHubs) {
    this.source = source;
    for (Table t : source.values()) {
      for (Fk fk : t.fks().values()) {
        if (!fk.references().equals(t.name())) {
          referenced.add(fk.references());
        }
      }
    }
    for (Table t : source.values()) {
      if (!forcedHubs.contains(t.name()) && isCodeTable(t)) {
        roles.put(t.name(), Role.REFERENCE);
      }
    }
    for (Table t : source.values()) {
      if (roles.containsKey(t.name())) {
        continue;
      }
      boolean associative = t.uniques().isEmpty() && hubFks(t) >= 2;
      if (!associative || forcedHubs.contains(t.name())) {
        roles.put(t.name(), Role.HUB);
      } else {
        roles.put(t.name(), isTransactionTable(t) ? Role.NON_HISTORIZED_LINK : Role.LINK);
      }
    }
    Set<String> taken = new HashSet<>();
    for (Table t : source.values()) {
      String s = EnglishNames.singular(t.name());
      // Two tables whose singulars meet (customer and customers) keep their own names.
      boolean clash = !s.equals(t.name()) && (source.containsKey(s) || !taken.add(s));
      names.put(t.name(), clash ? t.name() : s);
    }
  }

  Role role(String table) {
    return roles.get(table);
  }

  /** The singular name the table's vault objects take ({@code customers}: {@code customer}). */
  String name(String table) {
    return names.get(table);
  }

  /** Whether another table read references this one. */
  boolean isReferenced(String table) {
    return referenced.contains(table);
  }

  /**
   * A code table: a single-column primary key of a text type, few columns, no foreign keys of its
   * own, and referenced by another table.
   */
  boolean isCodeTable(Table t) {
    return t.pk().size() == 1
        && isText(t.columns().get(t.pk().get(0)))
        && t.columns().size() <= CODE_TABLE_MAX_COLUMNS
        && t.fks().isEmpty()
        && referenced.contains(t.name());
  }

  /**
   * A transaction table: no natural key, foreign keys to two or more hubs, referenced by no other
   * table, and an event time among its columns (a date or timestamp): its rows are events.
   */
  boolean isTransactionTable(Table t) {
    return t.uniques().isEmpty()
        && hubFks(t) >= 2
        && !referenced.contains(t.name())
        && eventTimeColumn(t) != null;
  }

  /** The first date or timestamp column that is not a key, or null. */
  static String eventTimeColumn(Table t) {
    for (Map.Entry<String, String> c : t.columns().entrySet()) {
      String type = c.getValue().toLowerCase(java.util.Locale.ROOT);
      if ((type.startsWith("timestamp") || type.equals("date")) && !t.pk().contains(c.getKey())) {
        return c.getKey();
      }
    }
    return null;
  }

  /** Foreign keys to tables read that are not code tables (they will be hubs or links). */
  private int hubFks(Table t) {
    int n = 0;
    for (Fk fk : t.fks().values()) {
      Table to = source.get(fk.references());
      if (to != null && !isCodeTable(to)) {
        n++;
      }
    }
    return n;
  }

  private static boolean isText(String type) {
    String t = type.toLowerCase(java.util.Locale.ROOT);
    return t.equals("text")
        || t.startsWith("character")
        || t.startsWith("varchar")
        || t.startsWith("char");
  }

  /** Tables with the role, in source order. */
  List<String> withRole(Role r) {
    return roles.entrySet().stream().filter(e -> e.getValue() == r).map(Map.Entry::getKey).toList();
  }
}
