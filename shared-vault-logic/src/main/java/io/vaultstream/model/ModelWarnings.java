package io.vaultstream.model;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What is legal in a valid model but likely a mistake: the warnings {@code vaultstream validate}
 * prints and the loaders log at start. They never stop a model from loading.
 */
public final class ModelWarnings {
  private ModelWarnings() {}

  /** The warnings of a valid model, each with its path in the document. */
  public static List<ModelProblem> of(VaultModel m) {
    List<ModelProblem> out = new ArrayList<>();
    for (SourceTable s : m.sources().values()) {
      if (s.declaresColumns()) {
        continue;
      }
      Set<String> named = namedColumns(m, s.name());
      if (!named.isEmpty()) {
        out.add(
            new ModelProblem(
                "/sources/" + s.name(),
                "declares no \"columns\", so the columns the model names of it ("
                    + String.join(", ", named)
                    + ") are not checked: a misspelt one stays NULL in the vault; list the"
                    + " source's columns to have them checked"));
      }
    }
    return out;
  }

  /**
   * The columns of a source that the model names itself: primary and foreign keys, business keys,
   * dependent child keys, codes and declared attribute columns.
   */
  public static Set<String> namedColumns(VaultModel m, String source) {
    Set<String> named = new LinkedHashSet<>(m.keyColumnsOf(source));
    for (Link l : m.linksOf(source)) {
      named.addAll(l.columns());
    }
    for (Satellite sat : m.satellitesOf(source)) {
      if (sat.columns() != null) {
        named.addAll(sat.columns());
      }
    }
    for (ReferenceTable r : m.referenceTablesOf(source)) {
      if (r.columns() != null) {
        named.addAll(r.columns());
      }
    }
    return named;
  }

  /**
   * Whether every column of the source's events loads somewhere: a satellite, non-historized link
   * or reference table of it takes every non-key column by default.
   */
  public static boolean loadsEveryColumn(VaultModel m, String source) {
    for (Link l : m.linksOf(source)) {
      if (l.nonHistorized() && l.columns().isEmpty()) {
        return true;
      }
    }
    for (Satellite sat : m.satellitesOf(source)) {
      if (sat.columns() == null) {
        return true;
      }
    }
    for (ReferenceTable r : m.referenceTablesOf(source)) {
      if (r.columns() == null) {
        return true;
      }
    }
    return false;
  }
}
