package io.vaultstream.model;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Checks the references and names of a model that was read without shape problems. */
final class ModelValidator {
  private final VaultModel m;
  private final List<ModelProblem> problems;
  private final NameRules names;
  private final ModelReferences refs;

  private ModelValidator(VaultModel m, List<ModelProblem> problems) {
    this.m = m;
    this.problems = problems;
    this.names = new NameRules(m, problems);
    this.refs = new ModelReferences(m, problems, names);
  }

  static void validate(VaultModel model, List<ModelProblem> problems) {
    ModelValidator v = new ModelValidator(model, problems);
    v.names.checkTableNames();
    v.checkSources();
    v.checkHubs();
    new LinkChecks(model, problems, v.refs).check();
    v.checkSatellites();
    v.checkReferenceTables();
    new TrackingSatelliteChecks(model, problems).check();
    v.names.checkColumns();
  }

  private void problem(String path, String message) {
    problems.add(new ModelProblem(path, message));
  }

  /** Kafka's legal topic names. */
  private static final java.util.regex.Pattern TOPIC =
      java.util.regex.Pattern.compile("[A-Za-z0-9._-]{1,249}");

  private void checkSources() {
    Set<String> topics = new HashSet<>();
    for (SourceTable s : m.sources().values()) {
      String p = "/sources/" + s.name();
      refs.identifier(p, s.name());
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
      refs.columns(p + "/primaryKey", s.name(), s.primaryKey());
      for (ForeignKey fk : s.foreignKeys().values()) {
        String fp = p + "/foreignKeys/" + fk.name();
        refs.columns(fp + "/columns", s.name(), fk.columns());
        if (refs.source(fp + "/references", fk.references())) {
          refs.columns(fp + "/referencedColumns", fk.references(), fk.referencedColumns());
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
      refs.identifier(p + "/hashKey", h.hashKey());
      for (int i = 0; i < h.businessKey().size(); i++) {
        refs.identifier(p + "/businessKey/" + i, h.businessKey().get(i));
      }
      if (h.sources().isEmpty()) {
        problem(p + "/sources", "must name at least one source table and its business key columns");
      }
      h.sources()
          .forEach(
              (src, cols) -> {
                String sp = p + "/sources/" + src;
                if (refs.source(sp, src)) {
                  refs.columns(sp, src, cols);
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

  private void checkSatellites() {
    for (Satellite s : m.satellites().values()) {
      String p = "/satellites/" + s.name();
      boolean srcOk = refs.source(p + "/source", s.source());
      checkSatelliteParent(s, p, srcOk);
      if (srcOk && s.columns() != null) {
        refs.columns(p + "/columns", s.source(), s.columns());
      }
    }
  }

  /** The parent is a hub or historized link, and the satellite's source can feed it. */
  private void checkSatelliteParent(Satellite s, String p, boolean srcOk) {
    Hub hub = m.hubs().get(s.parent());
    Link link = m.links().get(s.parent());
    String refused = link == null ? null : ChangeChoices.refusedParent(s, link);
    if (refused != null) {
      problem(p + "/parent", refused);
    } else if (hub == null && link == null) {
      problem(p + "/parent", unknownParent(s));
    } else if (s.via() != null || s.multiActive()) {
      SatelliteShapes.check(m, s, p, srcOk, problems);
    } else if (srcOk && hub != null && !hub.sources().containsKey(s.source())) {
      problem(p + "/source", notFeeding(s, hub));
    } else if (srcOk && link != null && !link.source().equals(s.source())) {
      problem(
          p + "/source",
          "a link satellite is loaded from its link's source '"
              + link.source()
              + "', not '"
              + s.source()
              + "'");
    }
  }

  /** A parent that is no hub or link, with the hubs and historized links there are. */
  private String unknownParent(Satellite s) {
    return "unknown parent '"
        + s.parent()
        + "'; a satellite hangs off a hub or a link: "
        + String.join(", ", m.hubs().keySet())
        + (m.links().isEmpty() ? "" : ", ")
        + String.join(
            ", ",
            m.links().values().stream().filter(x -> !x.nonHistorized()).map(Link::name).toList());
  }

  /** A source that does not feed the satellite's hub, with the sources that do. */
  private static String notFeeding(Satellite s, Hub hub) {
    return "source '"
        + s.source()
        + "' does not feed hub '"
        + hub.name()
        + "'; it is fed by "
        + String.join(", ", hub.sources().keySet());
  }

  private void checkReferenceTables() {
    for (ReferenceTable r : m.referenceTables().values()) {
      String p = "/referenceTables/" + r.name();
      if (refs.source(p + "/source", r.source())) {
        refs.columns(p + "/code", r.source(), r.code());
        if (r.columns() != null) {
          refs.columns(p + "/columns", r.source(), r.columns());
        }
      }
    }
  }
}
