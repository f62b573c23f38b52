package io.vaultstream.model;

import java.util.List;

/** Checks that the names a model element uses are identifiers and its sources and columns exist. */
final class ModelReferences {
  private final VaultModel m;
  private final List<ModelProblem> problems;
  private final NameRules names;

  ModelReferences(VaultModel m, List<ModelProblem> problems, NameRules names) {
    this.m = m;
    this.problems = problems;
    this.names = names;
  }

  void identifier(String path, String name) {
    names.identifier(path, name);
  }

  void columns(String path, String source, List<String> cols) {
    for (int i = 0; i < cols.size(); i++) {
      column(path + "/" + i, source, cols.get(i));
    }
  }

  private void column(String path, String source, String col) {
    identifier(path, col);
    SourceTable s = m.sources().get(source);
    if (s != null && s.declaresColumns() && !s.columns().containsKey(col)) {
      problems.add(
          new ModelProblem(
              path,
              "unknown column '"
                  + col
                  + "' of source '"
                  + source
                  + "'; its columns: "
                  + String.join(", ", s.columns().keySet())));
    }
  }

  /** Returns whether the source exists, after noting a problem if it does not. */
  boolean source(String path, String name) {
    if (!m.sources().containsKey(name)) {
      problems.add(
          new ModelProblem(
              path,
              "unknown source '"
                  + name
                  + "'; sources: "
                  + String.join(", ", m.sources().keySet())));
      return false;
    }
    return true;
  }
}
