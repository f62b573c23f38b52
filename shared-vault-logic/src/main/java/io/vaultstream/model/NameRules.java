package io.vaultstream.model;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The rules for the names a model gives its tables and columns: legal, unique, and clear of what
 * the loader names itself (its own tables, the technical columns), which would otherwise pass
 * validation and fail at the first CREATE TABLE or load.
 */
final class NameRules {
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");

  /** The prefix of the loader's own tables (vs_key_map, vs_waiting, vs_errors, vs_progress). */
  private static final String RESERVED_PREFIX = "vs_";

  private final VaultModel m;
  private final List<ModelProblem> problems;

  NameRules(VaultModel m, List<ModelProblem> problems) {
    this.m = m;
    this.problems = problems;
  }

  private void problem(String path, String message) {
    problems.add(new ModelProblem(path, message));
  }

  void identifier(String path, String name) {
    if (!IDENTIFIER.matcher(name).matches()) {
      problem(
          path,
          "'"
              + name
              + "' is not a legal identifier: use letters, digits and '_', start with a letter or '_', at most 63 characters");
    }
  }

  /** Table names legal and unique across all kinds; technical column names legal. */
  void checkTableNames() {
    Map<String, String> seen = new HashMap<>();
    tableNames("/hubs/", m.hubs().keySet(), seen);
    for (Link l : m.links().values()) {
      tableNames((l.nonHistorized() ? "/nonHistorizedLinks/" : "/links/"), List.of(l.name()), seen);
    }
    tableNames("/satellites/", m.satellites().keySet(), seen);
    tableNames("/referenceTables/", m.referenceTables().keySet(), seen);
    tableNames("/effectivitySatellites/", m.effectivitySatellites().keySet(), seen);
    tableNames("/statusSatellites/", m.statusSatellites().keySet(), seen);
    Naming n = m.naming();
    for (String c :
        List.of(n.loadDts(), n.recordSource(), n.hashDiff(), n.deleteFlag(), n.loadedAt())) {
      identifier("/naming", c);
    }
  }

  private void tableNames(String prefix, Iterable<String> names, Map<String, String> seen) {
    for (String name : names) {
      identifier(prefix + name, name);
      String lower = name.toLowerCase(Locale.ROOT);
      if (lower.startsWith(RESERVED_PREFIX)) {
        problem(
            prefix + name,
            "the table name '"
                + name
                + "' is reserved: names starting with '"
                + RESERVED_PREFIX
                + "' belong to the loader's own tables (vs_key_map, vs_waiting, vs_errors,"
                + " vs_progress); use another prefix, such as hub_, lnk_, sat_ or ref_");
      }
      String before = seen.putIfAbsent(lower, prefix + name);
      if (before != null) {
        problem(prefix + name, "the table name '" + name + "' is already used at " + before);
      }
    }
  }

  /** The technical column names by their key in "naming", in table order. */
  private Map<String, String> technical() {
    Naming n = m.naming();
    Map<String, String> out = new LinkedHashMap<>();
    out.put(n.loadDts(), "loadDts");
    out.putIfAbsent(n.recordSource(), "recordSource");
    out.putIfAbsent(n.hashDiff(), "hashDiff");
    out.putIfAbsent(n.deleteFlag(), "deleteFlag");
    out.putIfAbsent(n.loadedAt(), "loadedAt");
    return out;
  }

  /**
   * Every column the model puts into a vault table has a name of its own there: not a technical
   * column, not the parent's hash key, not another of its columns.
   */
  void checkColumns() {
    if (technical().size() < 5) {
      problem(
          "/naming",
          "the technical columns need five different names (loadDts, recordSource, hashDiff,"
              + " deleteFlag, loadedAt); two of them share one now");
    }
    m.hubs().values().forEach(this::hubColumns);
    m.links().values().forEach(this::linkColumns);
    m.satellites().values().forEach(this::satelliteColumns);
    m.referenceTables().values().forEach(this::referenceTableColumns);
  }

  private void hubColumns(Hub h) {
    String p = "/hubs/" + h.name();
    TableColumns t = new TableColumns(h.name(), true);
    t.add(p + "/hashKey", h.hashKey(), "the hub's hash key");
    for (int i = 0; i < h.businessKey().size(); i++) {
      t.add(p + "/businessKey/" + i, h.businessKey().get(i), "a business key column");
    }
  }

  private void linkColumns(Link l) {
    String p = (l.nonHistorized() ? "/nonHistorizedLinks/" : "/links/") + l.name();
    // Repeats among these are reported by the link checks; here only the technical columns.
    TableColumns t = new TableColumns(l.name(), false);
    t.add(p + "/hashKey", l.hashKey(), "the link's hash key");
    for (int i = 0; i < l.hubs().size(); i++) {
      t.add(p + "/hubs/" + i + "/column", l.hubs().get(i).column(), "a joined hub's hash key");
    }
    for (int i = 0; i < l.dependentChildKey().size(); i++) {
      t.add(p + "/dependentChildKey/" + i, l.dependentChildKey().get(i), "a key column");
    }
    if (l.nonHistorized()) {
      t.reportAll = true;
      attributes(t, p, l.source(), l.columns().isEmpty() ? null : l.columns());
    }
  }

  private void satelliteColumns(Satellite s) {
    Hub hub = m.hubs().get(s.parent());
    Link link = m.links().get(s.parent());
    String parentKey = hub != null ? hub.hashKey() : link != null ? link.hashKey() : null;
    if (parentKey == null) {
      return; // an unknown parent is reported by the satellite checks
    }
    TableColumns t = new TableColumns(s.name(), true);
    t.owners.put(parentKey, "the hash key of its parent '" + s.parent() + "'");
    for (int i = 0; i < s.multiActiveKey().size(); i++) {
      String c = s.multiActiveKey().get(i);
      t.add("/satellites/" + s.name() + "/multiActiveKey/" + i, c, "a multi-active key column");
    }
    auditColumns(t, s);
    attributes(t, "/satellites/" + s.name(), s.source(), s.columns());
  }

  private void auditColumns(TableColumns t, Satellite s) {
    for (Map.Entry<String, String> a : s.audit().entrySet()) {
      String path = "/satellites/" + s.name() + "/audit/" + a.getKey();
      identifier(path, a.getValue());
      t.add(path, a.getValue(), "its audit column (" + a.getKey() + ")");
      if (s.multiActive()) {
        problem(
            path,
            "a multi-active satellite takes no audit columns (one version is a set of rows"
                + " written by several events)");
      }
    }
  }

  private void referenceTableColumns(ReferenceTable r) {
    String p = "/referenceTables/" + r.name();
    TableColumns t = new TableColumns(r.name(), true);
    for (int i = 0; i < r.code().size(); i++) {
      t.add(p + "/code/" + i, r.code().get(i), "a code column");
    }
    attributes(t, p, r.source(), r.columns());
  }

  /** The attribute columns: those listed, or else the source's declared non-key columns. */
  private void attributes(TableColumns t, String path, String source, List<String> listed) {
    if (listed != null) {
      for (int i = 0; i < listed.size(); i++) {
        t.add(path + "/columns/" + i, listed.get(i), "one of its attribute columns");
      }
    } else if (m.sources().containsKey(source)) {
      List<String> taken = m.defaultAttributesOf(source);
      t.implicitFrom = source;
      for (String c : taken == null ? List.<String>of() : taken) {
        // A declared source column that becomes a vault column needs a name every database takes.
        identifier("/sources/" + source + "/columns/" + c, c);
        t.add(path, c, "one of its attribute columns");
      }
    }
  }

  private static String fold(String name) {
    return name.toLowerCase(Locale.ROOT);
  }

  /** The columns of one vault table so far, each with what it is. */
  private final class TableColumns {
    private final String table;
    private final Map<String, String> technical = technical();
    private final Map<String, String> owners = new HashMap<>();
    private boolean reportAll;
    private String implicitFrom;

    /**
     * @param reportAll whether a repeated model column is reported here (else only a clash with a
     *     technical column is)
     */
    TableColumns(String table, boolean reportAll) {
      this.table = table;
      this.reportAll = reportAll;
      technical.forEach(
          (c, key) -> owners.put(fold(c), "its technical column (naming." + key + ")"));
    }

    /** The naming key of the technical column this name is, compared without case, or null. */
    private String technicalKey(String column) {
      for (Map.Entry<String, String> e : technical.entrySet()) {
        if (e.getKey().equalsIgnoreCase(column)) {
          return e.getValue();
        }
      }
      return null;
    }

    void add(String path, String column, String what) {
      // Compared without case, as MariaDB compares column names: a model valid for one supported
      // database is valid for every one.
      String owner = owners.putIfAbsent(fold(column), what);
      String technicalKey = technicalKey(column);
      boolean isTechnical = technicalKey != null;
      if (owner == null || !(reportAll || isTechnical)) {
        return;
      }
      String remedy =
          implicitFrom == null
              ? "leave it out or give it another name"
              : "it lists no \"columns\", so it takes every non-key column of source '"
                  + implicitFrom
                  + "', this one too: list its \"columns\" without it";
      if (isTechnical) {
        remedy +=
            ", or give the technical column another name in \"naming\" (e.g. \""
                + technicalKey
                + "\": \"dv_"
                + column
                + "\")";
      }
      problem(
          path,
          "the column '"
              + column
              + "' of vault table '"
              + table
              + "' is already "
              + owner
              + "; "
              + remedy);
    }
  }
}
