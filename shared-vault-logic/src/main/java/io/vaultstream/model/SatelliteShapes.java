package io.vaultstream.model;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks a satellite fed through a foreign key ({@code via}) and a multi-active satellite ({@code
 * multiActiveKey}): the foreign key exists on the satellite's source and references a source of the
 * parent hub; the multi-active key names distinct columns that are not attributes too.
 */
final class SatelliteShapes {
  private SatelliteShapes() {}

  static void check(VaultModel m, Satellite s, String p, boolean srcOk, List<ModelProblem> out) {
    Hub hub = m.hubs().get(s.parent());
    Link link = m.links().get(s.parent());
    if (srcOk && s.via() != null) {
      via(m, s, hub, p, out);
    } else if (srcOk && hub != null && !hub.sources().containsKey(s.source())) {
      out.add(
          new ModelProblem(
              p + "/source",
              "source '"
                  + s.source()
                  + "' does not feed hub '"
                  + hub.name()
                  + "'; it is fed by "
                  + String.join(", ", hub.sources().keySet())
                  + " (or give 'via': a foreign key of '"
                  + s.source()
                  + "' that references one of them)"));
    } else if (srcOk && link != null && !link.source().equals(s.source())) {
      out.add(
          new ModelProblem(
              p + "/source",
              "a link satellite is loaded from its link's source '"
                  + link.source()
                  + "', not '"
                  + s.source()
                  + "'"));
    }
    if (srcOk) {
      multiActiveKey(m, s, p, out);
    }
  }

  private static void via(VaultModel m, Satellite s, Hub hub, String p, List<ModelProblem> out) {
    if (hub == null) {
      out.add(
          new ModelProblem(
              p + "/via",
              "'via' reaches a hub through a foreign key; '" + s.parent() + "' is a link"));
      return;
    }
    SourceTable src = m.sources().get(s.source());
    ForeignKey fk = src.foreignKeys().get(s.via());
    if (fk == null) {
      out.add(
          new ModelProblem(
              p + "/via",
              "unknown foreign key '"
                  + s.via()
                  + "' of source '"
                  + s.source()
                  + "'; its foreign keys: "
                  + (src.foreignKeys().isEmpty()
                      ? "(none)"
                      : String.join(", ", src.foreignKeys().keySet()))));
      return;
    }
    if (!hub.sources().containsKey(fk.references())) {
      out.add(
          new ModelProblem(
              p + "/via",
              "foreign key '"
                  + fk.name()
                  + "' references '"
                  + fk.references()
                  + "', which does not feed hub '"
                  + hub.name()
                  + "'; it is fed by "
                  + String.join(", ", hub.sources().keySet())));
    }
  }

  private static void multiActiveKey(VaultModel m, Satellite s, String p, List<ModelProblem> out) {
    SourceTable src = m.sources().get(s.source());
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < s.multiActiveKey().size(); i++) {
      String c = s.multiActiveKey().get(i);
      String at = p + "/multiActiveKey/" + i;
      if (!seen.add(c)) {
        out.add(new ModelProblem(at, "the column '" + c + "' is named twice"));
      } else if (src.declaresColumns() && !src.columns().containsKey(c)) {
        out.add(
            new ModelProblem(
                at,
                "unknown column '"
                    + c
                    + "' of source '"
                    + s.source()
                    + "'; its columns: "
                    + String.join(", ", src.columns().keySet())));
      } else if (s.columns() != null && s.columns().contains(c)) {
        out.add(
            new ModelProblem(
                at,
                "the column '"
                    + c
                    + "' is in the multi-active key and cannot be an attribute too (remove it"
                    + " from 'columns')"));
      }
    }
  }
}
