package io.vaultstream.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vaultstream.cli.SourceCatalog.Fk;
import io.vaultstream.cli.SourceCatalog.Table;
import io.vaultstream.cli.TableRoles.Role;
import io.vaultstream.model.HashingSettings;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Builds a starter model from a source schema's tables, noting each choice to review. */
final class StarterModel {
  private final Map<String, Table> source;
  private final TableRoles roles;
  private final ReviewNotes notes;
  private final StarterSources sourceEntries;
  private final ObjectNode model = JsonNodeFactory.instance.objectNode();

  StarterModel(Map<String, Table> source, Set<String> forcedHubs, ReviewNotes notes) {
    this.source = source;
    this.roles = new TableRoles(source, forcedHubs);
    this.notes = notes;
    this.sourceEntries = new StarterSources(source, roles, notes);
  }

  ObjectNode build(String name, String recordSource, String topicPrefix) {
    model.put("name", name);
    model.put("recordSource", recordSource);
    model.put("topicPrefix", topicPrefix);
    HashingSettings h = HashingSettings.defaults();
    model
        .putObject("hashing")
        .put("profile", h.profile().id())
        .put("algorithm", h.algorithm().jcaName());
    ObjectNode sources = model.putObject("sources");
    ObjectNode hubs = model.putObject("hubs");
    model.putObject("links");
    model.putObject("satellites");
    model.putObject("nonHistorizedLinks");
    model.putObject("referenceTables");
    for (String t : roles.withRole(Role.HUB)) {
      hub(hubs, source.get(t));
    }
    for (Table t : source.values()) {
      Set<String> keyCols = sourceEntries.add(sources, t);
      switch (roles.role(t.name())) {
        case HUB -> hubLinksAndSatellite(t, keyCols);
        case REFERENCE -> reference(t);
        case NON_HISTORIZED_LINK -> nonHistorizedLink(t, keyCols);
        case LINK -> manyToManyLink(t, keyCols);
      }
    }
    for (String kind : List.of("links", "satellites", "nonHistorizedLinks", "referenceTables")) {
      if (model.get(kind).isEmpty()) {
        model.remove(kind);
      }
    }
    return model;
  }

  private String hubName(String table) {
    return "hub_" + roles.name(table);
  }

  private String hashKey(String table) {
    return roles.name(table) + "_hk";
  }

  private void hub(ObjectNode hubs, Table t) {
    List<String> bk = t.uniques().isEmpty() ? t.pk() : t.uniques().get(0);
    if (t.uniques().isEmpty()) {
      notes.noNaturalKey(hubName(t.name()), t);
    } else if (t.uniques().size() > 1) {
      notes.add(
          hubName(t.name())
              + ": business key "
              + bk
              + " chosen among the unique constraints "
              + t.uniques()
              + "; to use another, change its businessKey and sources");
    }
    ObjectNode h = hubs.putObject(hubName(t.name()));
    h.put("hashKey", hashKey(t.name()));
    ArrayNode b = h.putArray("businessKey");
    bk.forEach(b::add);
    ArrayNode s = h.putObject("sources").putArray(t.name());
    bk.forEach(s::add);
  }

  /** Foreign keys to tables that become hubs. */
  private List<Fk> toHubs(Table t) {
    return sourceEntries.reachable(t, false).stream()
        .filter(fk -> roles.role(fk.references()) == Role.HUB)
        .toList();
  }

  private void hubLinksAndSatellite(Table t, Set<String> keyCols) {
    String own = hubName(t.name());
    for (Fk fk : toHubs(t)) {
      String ln = "lnk_" + roles.name(t.name()) + "_" + fk.name();
      ObjectNode l = ((ObjectNode) model.get("links")).putObject(ln);
      l.put("hashKey", roles.name(t.name()) + "_" + fk.name() + "_hk");
      l.put("source", t.name());
      ArrayNode ends = l.putArray("hubs");
      ObjectNode mine = ends.addObject().put("hub", own);
      ObjectNode other =
          ends.addObject().put("hub", hubName(fk.references())).put("via", fk.name());
      if (fk.references().equals(t.name())) {
        mine.put("column", hashKey(t.name()));
        other.put("column", fk.name() + "_hk");
      }
    }
    satellite("sat_" + roles.name(t.name()), own, t, keyCols);
  }

  private void manyToManyLink(Table t, Set<String> keyCols) {
    String ln = "lnk_" + roles.name(t.name());
    ObjectNode l = ((ObjectNode) model.get("links")).putObject(ln);
    List<String> dck = linkEnds(l, t);
    notes.add(
        ln
            + ": "
            + t.name()
            + " has no natural key of its own and "
            + toHubs(t).size()
            + " foreign keys: a many-to-many link"
            + (dck.isEmpty() ? "" : " with dependent child key " + dck)
            + (roles.isReferenced(t.name()) || TableRoles.eventTimeColumn(t) != null
                ? ""
                : "; if its rows are events that never change, make it a non-historized link"
                    + " (move it to nonHistorizedLinks and list its attribute columns there)"));
    satellite("lsat_" + roles.name(t.name()), ln, t, keyCols);
  }

  private void nonHistorizedLink(Table t, Set<String> keyCols) {
    String ln = "nhl_" + roles.name(t.name());
    ObjectNode l = ((ObjectNode) model.get("nonHistorizedLinks")).putObject(ln);
    linkEnds(l, t);
    ArrayNode a = l.putArray("columns");
    attributes(t, keyCols).forEach(a::add);
    notes.add(
        ln
            + ": "
            + t.name()
            + " looks like a transaction table (foreign keys to "
            + toHubs(t).size()
            + " hubs, no natural key, referenced by no table, event time "
            + TableRoles.eventTimeColumn(t)
            + "): a non-historized link, one row per event; if its rows change after they are"
            + " written, run init with --hubs "
            + t.name()
            + " for a hub, links and a satellite instead");
  }

  /** Puts hashKey, source and hubs; returns the dependent child key it put. */
  private List<String> linkEnds(ObjectNode l, Table t) {
    l.put("hashKey", hashKey(t.name()));
    l.put("source", t.name());
    ArrayNode ends = l.putArray("hubs");
    Set<String> used = new LinkedHashSet<>();
    List<Fk> fks = toHubs(t);
    for (Fk fk : fks) {
      ObjectNode e = ends.addObject().put("hub", hubName(fk.references())).put("via", fk.name());
      if (!used.add(fk.references())) {
        e.put("column", fk.name() + "_hk");
      }
    }
    List<String> dck =
        t.pk().stream().filter(c -> fks.stream().noneMatch(f -> f.columns().contains(c))).toList();
    if (!dck.isEmpty()) {
      ArrayNode d = l.putArray("dependentChildKey");
      dck.forEach(d::add);
    }
    return dck;
  }

  private void reference(Table t) {
    String rn = "ref_" + t.name();
    ObjectNode r = ((ObjectNode) model.get("referenceTables")).putObject(rn);
    r.put("source", t.name());
    r.putArray("code").add(t.pk().get(0));
    List<String> attrs = attributes(t, Set.copyOf(t.pk()));
    if (!attrs.isEmpty()) {
      ArrayNode a = r.putArray("columns");
      attrs.forEach(a::add);
    }
    notes.add(
        rn
            + ": "
            + t.name()
            + " looks like a code table (a text primary key "
            + t.pk()
            + ", "
            + t.columns().size()
            + " columns, no foreign keys, referenced by other tables): a reference table keyed by"
            + " its code; run init with --hubs "
            + t.name()
            + " for a hub and a satellite instead");
  }

  private List<String> attributes(Table t, Set<String> keyCols) {
    return t.columns().keySet().stream().filter(c -> !keyCols.contains(c)).toList();
  }

  private void satellite(String name, String parent, Table t, Set<String> keyCols) {
    List<String> attrs = attributes(t, keyCols);
    if (attrs.isEmpty()) {
      return;
    }
    ObjectNode s = ((ObjectNode) model.get("satellites")).putObject(name);
    s.put("parent", parent);
    s.put("source", t.name());
    ArrayNode a = s.putArray("columns");
    attrs.forEach(a::add);
  }
}
