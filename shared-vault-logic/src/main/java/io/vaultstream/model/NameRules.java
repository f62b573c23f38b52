package io.vaultstream.model;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/** The rules for the names a model gives its tables and columns: legal and unique. */
final class NameRules {
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");

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
      String before = seen.putIfAbsent(lower, prefix + name);
      if (before != null) {
        problem(prefix + name, "the table name '" + name + "' is already used at " + before);
      }
    }
  }
}
