package io.vaultstream.model;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Checks the references and names of a model that was read without shape problems. */
final class ModelValidator {
  private final VaultModel m;
  private final List<ModelProblem> problems;
  private final NameRules names;

  private ModelValidator(VaultModel m, List<ModelProblem> problems) {
    this.m = m;
    this.problems = problems;
    this.names = new NameRules(m, problems);
  }

  static void validate(VaultModel model, List<ModelProblem> problems) {
    ModelValidator v = new ModelValidator(model, problems);
    v.names.checkTableNames();
    v.checkSources();
    v.checkHubs();
    v.checkLinks();
    v.checkSatellites();
    v.checkReferenceTables();
    new TrackingSatelliteChecks(model, problems).check();
    v.names.checkColumns();
  }

  private void problem(String path, String message) {
    problems.add(new ModelProblem(path, message));
  }

  private void identifier(String path, String name) {
    names.identifier(path, name);
  }

  private void column(String path, String source, String col) {
    identifier(path, col);
    SourceTable s = m.sources().get(source);
    if (s != null && s.declaresColumns() && !s.columns().containsKey(col)) {
      problem(
          path,
          "unknown column '"
              + col
              + "' of source '"
              + source
              + "'; its columns: "
              + String.join(", ", s.columns().keySet()));
    }
  }

  private void columns(String path, String source, List<String> cols) {
    for (int i = 0; i < cols.size(); i++) {
      column(path + "/" + i, source, cols.get(i));
    }
  }

  private boolean source(String path, String name) {
    if (!m.sources().containsKey(name)) {
      problem(
          path,
          "unknown source '" + name + "'; sources: " + String.join(", ", m.sources().keySet()));
      return false;
    }
    return true;
  }

  /** Kafka's legal topic names. */
  private static final java.util.regex.Pattern TOPIC =
      java.util.regex.Pattern.compile("[A-Za-z0-9._-]{1,249}");

  private void checkSources() {
    Set<String> topics = new HashSet<>();
    for (SourceTable s : m.sources().values()) {
      String p = "/sources/" + s.name();
      identifier(p, s.name());
      if (!TOPIC.matcher(s.topic()).matches() || s.topic().equals(".") || s.topic().equals("..")) {
        // A ',' would subscribe the Spark job to more topics, a '*' match others.
        problem(
            p + "/topic",
            "'"
                + io.vaultstream.event.StoredText.escape(s.topic(), false)
                + "' is not a Kafka topic name: 1 to 249 ASCII letters, digits, '.', '_' or '-'"
                + " (and not '.' or '..')");
      } else if (!topics.add(s.topic())) {
        problem(p + "/topic", "the topic '" + s.topic() + "' is already used by another source");
      }
      columnTypes(p, s);
      columns(p + "/primaryKey", s.name(), s.primaryKey());
      for (ForeignKey fk : s.foreignKeys().values()) {
        String fp = p + "/foreignKeys/" + fk.name();
        columns(fp + "/columns", s.name(), fk.columns());
        if (source(fp + "/references", fk.references())) {
          columns(fp + "/referencedColumns", fk.references(), fk.referencedColumns());
          if (fk.referencedColumns().size() != fk.columns().size()) {
            problem(
                fp,
                "has "
                    + fk.columns().size()
                    + " column(s) but references "
                    + fk.referencedColumns().size()
                    + " ("
                    + String.join(", ", fk.referencedColumns())
                    + "); give 'referencedColumns' with one column per foreign key column");
          }
        }
      }
    }
  }

  /** Declared types are pasted into DDL and casts, so only the strict grammar may pass. */
  private void columnTypes(String path, SourceTable s) {
    s.columns()
        .forEach(
            (col, type) -> {
              if (type != null && !TypeGrammar.isValid(type)) {
                String shown = type.length() > 60 ? type.substring(0, 60) + "..." : type;
                problem(
                    path + "/columns/" + col,
                    "'"
                        + shown
                        + "' is not a column type vaultstream accepts; valid: "
                        + TypeGrammar.VALID_FORMS);
              }
            });
  }

  private void checkHubs() {
    for (Hub h : m.hubs().values()) {
      String p = "/hubs/" + h.name();
      identifier(p + "/hashKey", h.hashKey());
      for (int i = 0; i < h.businessKey().size(); i++) {
        identifier(p + "/businessKey/" + i, h.businessKey().get(i));
      }
      if (h.sources().isEmpty()) {
        problem(p + "/sources", "must name at least one source table and its business key columns");
      }
      h.sources()
          .forEach(
              (src, cols) -> {
                String sp = p + "/sources/" + src;
                if (source(sp, src)) {
                  columns(sp, src, cols);
                }
                if (cols.size() != h.businessKey().size()) {
                  problem(
                      sp,
                      "gives "
                          + cols.size()
                          + " column(s) for a business key of "
                          + h.businessKey().size()
                          + " ("
                          + String.join(", ", h.businessKey())
                          + ")");
                }
              });
    }
  }

  private void checkLinks() {
    for (Link l : m.links().values()) {
      String p = (l.nonHistorized() ? "/nonHistorizedLinks/" : "/links/") + l.name();
      identifier(p + "/hashKey", l.hashKey());
      if (!source(p + "/source", l.source())) {
        continue;
      }
      SourceTable src = m.sources().get(l.source());
      Set<String> cols = new HashSet<>();
      cols.add(l.hashKey());
      for (int i = 0; i < l.hubs().size(); i++) {
        LinkEnd end = l.hubs().get(i);
        String ep = p + "/hubs/" + i;
        identifier(ep + "/column", end.column());
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
          continue;
        }
        if (end.via() == null) {
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
          continue;
        }
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
                  + String.join(
                      ", ", m.hubsFedBy(fk.references()).stream().map(Hub::name).toList()));
        }
      }
      columns(p + "/dependentChildKey", l.source(), l.dependentChildKey());
      columns(p + "/columns", l.source(), l.columns());
      for (String c : l.dependentChildKey()) {
        if (!cols.add(c)) {
          problem(p + "/dependentChildKey", "the column '" + c + "' is already used in this link");
        }
      }
    }
  }

  private void checkSatellites() {
    for (Satellite s : m.satellites().values()) {
      String p = "/satellites/" + s.name();
      boolean srcOk = source(p + "/source", s.source());
      Hub hub = m.hubs().get(s.parent());
      Link link = m.links().get(s.parent());
      String refused = link == null ? null : ChangeChoices.refusedParent(s, link);
      if (refused != null) {
        problem(p + "/parent", refused);
      } else if (hub == null && link == null) {
        problem(
            p + "/parent",
            "unknown parent '"
                + s.parent()
                + "'; a satellite hangs off a hub or a link: "
                + String.join(", ", m.hubs().keySet())
                + (m.links().isEmpty() ? "" : ", ")
                + String.join(
                    ", ",
                    m.links().values().stream()
                        .filter(x -> !x.nonHistorized())
                        .map(Link::name)
                        .toList()));
      } else if (s.via() != null || s.multiActive()) {
        SatelliteShapes.check(m, s, p, srcOk, problems);
      } else if (srcOk && hub != null && !hub.sources().containsKey(s.source())) {
        problem(
            p + "/source",
            "source '"
                + s.source()
                + "' does not feed hub '"
                + hub.name()
                + "'; it is fed by "
                + String.join(", ", hub.sources().keySet()));
      } else if (srcOk && link != null && !link.source().equals(s.source())) {
        problem(
            p + "/source",
            "a link satellite is loaded from its link's source '"
                + link.source()
                + "', not '"
                + s.source()
                + "'");
      }
      if (srcOk && s.columns() != null) {
        columns(p + "/columns", s.source(), s.columns());
      }
    }
  }

  private void checkReferenceTables() {
    for (ReferenceTable r : m.referenceTables().values()) {
      String p = "/referenceTables/" + r.name();
      if (source(p + "/source", r.source())) {
        columns(p + "/code", r.source(), r.code());
        if (r.columns() != null) {
          columns(p + "/columns", r.source(), r.columns());
        }
      }
    }
  }
}
