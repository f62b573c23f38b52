package io.vaultstream.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Checks effectivity and status satellites: the link or hub they hang off, the source and driving
 * key they name, and that their {@code is_active} column clashes with no other column.
 */
final class TrackingSatelliteChecks {
  private final VaultModel m;
  private final List<ModelProblem> problems;

  TrackingSatelliteChecks(VaultModel m, List<ModelProblem> problems) {
    this.m = m;
    this.problems = problems;
  }

  void check() {
    m.effectivitySatellites().values().forEach(this::effectivity);
    m.statusSatellites().values().forEach(this::status);
  }

  private void problem(String path, String message) {
    problems.add(new ModelProblem(path, message));
  }

  private void effectivity(EffectivitySatellite e) {
    String p = "/effectivitySatellites/" + e.name();
    Link link = m.links().get(e.link());
    if (link == null || link.nonHistorized()) {
      List<String> links =
          m.links().values().stream().filter(l -> !l.nonHistorized()).map(Link::name).toList();
      problem(
          p + "/link",
          (link == null ? "unknown link '" : "'")
              + e.link()
              + (link == null ? "'" : "' is a non-historized link, whose rows never end")
              + "; an effectivity satellite hangs off a link: "
              + (links.isEmpty() ? "(none)" : String.join(", ", links)));
      return;
    }
    columnClash(p, e.name(), link.hashKey());
    SourceTable src = m.sources().get(link.source());
    if (src == null) {
      return; // reported with the link
    }
    List<String> allowed = new ArrayList<>();
    for (LinkEnd end : link.hubs()) {
      if (rowDecides(src, end)) {
        allowed.add(end.hub());
      }
    }
    if (e.drivingKey().isEmpty() && allowed.isEmpty()) {
      problem(
          p + "/drivingKey",
          "missing: every end of link '"
              + link.name()
              + "' is reached through a foreign key outside the primary key of '"
              + src.name()
              + "', so no end identifies the row whose relationship it is");
    }
    for (int i = 0; i < e.drivingKey().size(); i++) {
      drivingKeyEnd(p + "/drivingKey/" + i, e.drivingKey().get(i), link, src, allowed);
    }
  }

  private void drivingKeyEnd(
      String path, String name, Link link, SourceTable src, List<String> allowed) {
    List<LinkEnd> ends =
        link.hubs().stream().filter(x -> x.hub().equals(name) || x.column().equals(name)).toList();
    if (ends.isEmpty()) {
      problem(
          path,
          "'"
              + name
              + "' is not an end of link '"
              + link.name()
              + "'; its ends: "
              + String.join(", ", link.hubs().stream().map(LinkEnd::hub).toList()));
    } else if (ends.size() > 1) {
      problem(
          path,
          "link '"
              + link.name()
              + "' joins hub '"
              + name
              + "' more than once; name the end by its column: "
              + String.join(", ", ends.stream().map(LinkEnd::column).toList()));
    } else if (!rowDecides(src, ends.get(0))) {
      problem(
          path,
          "the end '"
              + name
              + "' is reached through foreign key '"
              + ends.get(0).via()
              + "', whose columns lie outside the primary key of '"
              + src.name()
              + "', so it does not identify the row whose relationship changes; valid driving"
              + " keys: "
              + (allowed.isEmpty() ? "(none)" : String.join(", ", allowed)));
    }
  }

  /**
   * Whether the link's source row itself decides this end: the source feeds the hub, or reaches it
   * through a foreign key within its primary key.
   */
  private static boolean rowDecides(SourceTable src, LinkEnd end) {
    if (end.via() == null) {
      return true;
    }
    ForeignKey fk = src.foreignKeys().get(end.via());
    return fk != null && src.primaryKey().containsAll(fk.columns());
  }

  private void status(StatusSatellite s) {
    String p = "/statusSatellites/" + s.name();
    Hub hub = m.hubs().get(s.parent());
    if (hub == null) {
      problem(
          p + "/parent",
          "unknown hub '"
              + s.parent()
              + "'; a status satellite hangs off a hub: "
              + String.join(", ", m.hubs().keySet()));
      return;
    }
    columnClash(p, s.name(), hub.hashKey());
    if (!m.sources().containsKey(s.source())) {
      problem(
          p + "/source",
          "unknown source '"
              + s.source()
              + "'; sources: "
              + String.join(", ", m.sources().keySet()));
    } else if (!hub.sources().containsKey(s.source())) {
      problem(
          p + "/source",
          "source '"
              + s.source()
              + "' does not feed hub '"
              + hub.name()
              + "'; it is fed by "
              + String.join(", ", hub.sources().keySet()));
    }
  }

  /** The state column must not be the parent's hash key or a technical column. */
  private void columnClash(String path, String table, String parentKey) {
    Naming n = m.naming();
    String c = EffectivitySatellite.IS_ACTIVE;
    for (String other :
        List.of(
            parentKey, n.loadDts(), n.recordSource(), n.hashDiff(), n.deleteFlag(), n.loadedAt())) {
      if (other.toLowerCase(Locale.ROOT).equals(c)) {
        problem(
            path,
            "the table '"
                + table
                + "' has a column '"
                + c
                + "' for its state, which the name '"
                + other
                + "' of its parent's hash key or of a technical column takes; rename that one");
      }
    }
  }
}
