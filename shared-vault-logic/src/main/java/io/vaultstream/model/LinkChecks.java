package io.vaultstream.model;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks links: their source, how each end reaches its hub, and that their columns are distinct.
 */
final class LinkChecks {
  private final VaultModel m;
  private final List<ModelProblem> problems;
  private final ModelReferences refs;

  LinkChecks(VaultModel m, List<ModelProblem> problems, ModelReferences refs) {
    this.m = m;
    this.problems = problems;
    this.refs = refs;
  }

  void check() {
    for (Link l : m.links().values()) {
      check(l);
    }
  }

  private void problem(String path, String message) {
    problems.add(new ModelProblem(path, message));
  }

  private void check(Link l) {
    String p = (l.nonHistorized() ? "/nonHistorizedLinks/" : "/links/") + l.name();
    refs.identifier(p + "/hashKey", l.hashKey());
    if (!refs.source(p + "/source", l.source())) {
      return;
    }
    SourceTable src = m.sources().get(l.source());
    Set<String> cols = new HashSet<>();
    cols.add(l.hashKey());
    for (int i = 0; i < l.hubs().size(); i++) {
      end(l, src, p + "/hubs/" + i, l.hubs().get(i), cols);
    }
    refs.columns(p + "/dependentChildKey", l.source(), l.dependentChildKey());
    refs.columns(p + "/columns", l.source(), l.columns());
    for (String c : l.dependentChildKey()) {
      if (!cols.add(c)) {
        problem(p + "/dependentChildKey", "the column '" + c + "' is already used in this link");
      }
    }
  }

  /** Checks one end of a link; {@code cols} collects the link's columns to find clashes. */
  private void end(Link l, SourceTable src, String ep, LinkEnd end, Set<String> cols) {
    refs.identifier(ep + "/column", end.column());
    if (!cols.add(end.column())) {
      problem(
          ep,
          "the column '"
              + end.column()
              + "' is already used in this link; a link joining the same hub twice needs an explicit \"column\" for each end");
    }
    Hub hub = m.hubs().get(end.hub());
    if (hub == null) {
      problem(
          ep + "/hub",
          "unknown hub '" + end.hub() + "'; hubs: " + String.join(", ", m.hubs().keySet()));
    } else if (end.via() == null) {
      directEnd(l, src, ep, hub);
    } else {
      viaEnd(l, src, ep, end, hub);
    }
  }

  /** An end without "via" takes the hub's key from the link's own source row. */
  private void directEnd(Link l, SourceTable src, String ep, Hub hub) {
    if (!hub.sources().containsKey(l.source())) {
      problem(
          ep,
          "source '"
              + l.source()
              + "' does not feed hub '"
              + hub.name()
              + "'; name the foreign key that reaches it with \"via\" (foreign keys of "
              + l.source()
              + ": "
              + String.join(", ", src.foreignKeys().keySet())
              + ")");
    }
  }

  /** An end with "via" reaches its hub through a foreign key to a source that feeds the hub. */
  private void viaEnd(Link l, SourceTable src, String ep, LinkEnd end, Hub hub) {
    ForeignKey fk = src.foreignKeys().get(end.via());
    if (fk == null) {
      problem(
          ep + "/via",
          "unknown foreign key '"
              + end.via()
              + "' of source '"
              + l.source()
              + "'; its foreign keys: "
              + (src.foreignKeys().isEmpty()
                  ? "(none)"
                  : String.join(", ", src.foreignKeys().keySet())));
    } else if (!hub.sources().containsKey(fk.references())) {
      problem(
          ep + "/via",
          "foreign key '"
              + fk.name()
              + "' references '"
              + fk.references()
              + "', which does not feed hub '"
              + hub.name()
              + "', so the link cannot reach it; hubs fed by "
              + fk.references()
              + ": "
              + String.join(", ", m.hubsFedBy(fk.references()).stream().map(Hub::name).toList()));
    }
  }
}
