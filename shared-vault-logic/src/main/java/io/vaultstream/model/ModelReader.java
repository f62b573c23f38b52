package io.vaultstream.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads a JSON tree into the model records, noting shape problems as it goes. */
final class ModelReader {
  private final List<ModelProblem> problems;
  private final ModelFields fields;
  private final SettingsReader settings;

  ModelReader(List<ModelProblem> problems) {
    this.problems = problems;
    this.fields = new ModelFields(problems);
    this.settings = new SettingsReader(problems, fields);
  }

  VaultModel read(JsonNode root) {
    allowTopLevelFields(root);
    String name = modelName(root);
    String recordSource =
        fields.text(root, "", "recordSource", name.toUpperCase(java.util.Locale.ROOT));
    String topicPrefix = fields.text(root, "", "topicPrefix", null);
    HashingSettings hashing = settings.hashing(root.get("hashing"));
    Naming naming = settings.naming(root.get("naming"));
    Map<String, SourceTable> sources = readSources(root, topicPrefix);
    Map<String, Hub> hubs = new LinkedHashMap<>();
    fields.forEach(
        fields.objectAt(root, "", "hubs", true),
        "/hubs",
        (n, node, p) -> hubs.put(n, readHub(n, node, p)));
    Map<String, Link> links = readLinks(root, hubs);
    Map<String, Satellite> sats = new LinkedHashMap<>();
    fields.forEach(
        fields.objectAt(root, "", "satellites", false),
        "/satellites",
        (n, node, p) -> sats.put(n, readSatellite(n, node, p)));
    ChangeChoices.addSatellites(links, sats, problems);
    Map<String, ReferenceTable> refs = new LinkedHashMap<>();
    fields.forEach(
        fields.objectAt(root, "", "referenceTables", false),
        "/referenceTables",
        (n, node, p) -> refs.put(n, readReferenceTable(n, node, p)));
    TrackingSatelliteReader tracking = new TrackingSatelliteReader(fields);
    return new VaultModel(
        name,
        recordSource,
        hashing,
        naming,
        sources,
        hubs,
        links,
        sats,
        refs,
        tracking.effectivity(root),
        tracking.status(root));
  }

  private void allowTopLevelFields(JsonNode root) {
    fields.allowOnly(
        root,
        "",
        "name",
        "recordSource",
        "topicPrefix",
        "hashing",
        "naming",
        "sources",
        "hubs",
        "links",
        "satellites",
        "nonHistorizedLinks",
        "referenceTables",
        "effectivitySatellites",
        "statusSatellites");
  }

  private String modelName(JsonNode root) {
    String name = fields.text(root, "", "name", null);
    if (name == null) {
      problems.add(new ModelProblem("/name", "missing: the model needs a name, e.g. \"shop\""));
      return "model";
    }
    return name;
  }

  private Map<String, SourceTable> readSources(JsonNode root, String topicPrefix) {
    Map<String, SourceTable> sources = new LinkedHashMap<>();
    Map<String, List<String>> pks = new LinkedHashMap<>();
    JsonNode srcNodes = fields.objectAt(root, "", "sources", true);
    // Primary keys first: a foreign key's referenced columns default to the referenced key.
    fields.forEach(
        srcNodes,
        "/sources",
        (table, node, path) -> pks.put(table, fields.list(node, path, "primaryKey", true)));
    fields.forEach(
        srcNodes,
        "/sources",
        (table, node, path) -> sources.put(table, readSource(table, node, path, topicPrefix, pks)));
    return sources;
  }

  /** Links and non-historized links share one namespace, so a name may be used only once. */
  private Map<String, Link> readLinks(JsonNode root, Map<String, Hub> hubs) {
    Map<String, Link> links = new LinkedHashMap<>();
    fields.forEach(
        fields.objectAt(root, "", "links", false),
        "/links",
        (n, node, p) -> links.put(n, readLink(n, node, p, false, hubs)));
    fields.forEach(
        fields.objectAt(root, "", "nonHistorizedLinks", false),
        "/nonHistorizedLinks",
        (n, node, p) -> {
          if (links.containsKey(n)) {
            problems.add(new ModelProblem(p, "the name '" + n + "' is already used by a link"));
          }
          links.put(n, readLink(n, node, p, true, hubs));
        });
    return links;
  }

  private Satellite readSatellite(String name, JsonNode node, String path) {
    fields.allowOnly(
        node,
        path,
        "parent",
        "source",
        "columns",
        "deleteTracking",
        "via",
        "multiActiveKey",
        "audit");
    return new Satellite(
        name,
        fields.required(node, path, "parent"),
        fields.required(node, path, "source"),
        node.has("columns") ? fields.list(node, path, "columns", false) : null,
        fields.bool(node, path, "deleteTracking", true),
        fields.text(node, path, "via", null),
        node.has("multiActiveKey") ? fields.list(node, path, "multiActiveKey", true) : List.of(),
        settings.audit(node.get("audit"), path + "/audit"));
  }

  private ReferenceTable readReferenceTable(String name, JsonNode node, String path) {
    fields.allowOnly(node, path, "source", "code", "columns");
    return new ReferenceTable(
        name,
        fields.required(node, path, "source"),
        fields.list(node, path, "code", true),
        node.has("columns") ? fields.list(node, path, "columns", false) : null);
  }

  private SourceTable readSource(
      String table, JsonNode node, String path, String topicPrefix, Map<String, List<String>> pks) {
    fields.allowOnly(node, path, "topic", "primaryKey", "foreignKeys", "columns");
    String topic =
        fields.text(node, path, "topic", topicPrefix == null ? null : topicPrefix + "." + table);
    if (topic == null) {
      problems.add(
          new ModelProblem(
              path + "/topic",
              "missing: give the topic (e.g. \"shop.public."
                  + table
                  + "\") or a top-level 'topicPrefix'"));
      topic = table;
    }
    Map<String, ForeignKey> fks = new LinkedHashMap<>();
    fields.forEach(
        fields.objectAt(node, path, "foreignKeys", false),
        path + "/foreignKeys",
        (fkName, fkNode, fkPath) -> fks.put(fkName, readForeignKey(fkName, fkNode, fkPath, pks)));
    Map<String, String> columns = readColumns(node.get("columns"), path);
    return new SourceTable(table, topic, pks.getOrDefault(table, List.of()), fks, columns);
  }

  private ForeignKey readForeignKey(
      String name, JsonNode node, String path, Map<String, List<String>> pks) {
    fields.allowOnly(node, path, "columns", "references", "referencedColumns");
    String ref = fields.required(node, path, "references");
    List<String> cols = fields.list(node, path, "columns", true);
    List<String> refCols =
        node.has("referencedColumns")
            ? fields.list(node, path, "referencedColumns", true)
            : pks.getOrDefault(ref, List.of());
    return new ForeignKey(name, cols, ref, refCols);
  }

  /** A source's declared columns: a list of names, or an object of name to SQL type. */
  private Map<String, String> readColumns(JsonNode cols, String path) {
    Map<String, String> columns = new LinkedHashMap<>();
    if (cols == null) {
      return columns;
    }
    if (cols.isArray()) {
      cols.forEach(c -> columns.put(c.asText(), null));
    } else if (cols.isObject()) {
      cols.fields()
          .forEachRemaining(
              e -> columns.put(e.getKey(), e.getValue().isNull() ? null : e.getValue().asText()));
    } else {
      problems.add(
          new ModelProblem(
              path + "/columns",
              "must be a list of column names or an object of column name to SQL type"));
    }
    return columns;
  }

  private Hub readHub(String name, JsonNode node, String path) {
    fields.allowOnly(
        node, path, "hashKey", "businessKey", "sources", "collisionCode", "sourcePrefix");
    String hashKey = fields.text(node, path, "hashKey", defaultHashKey(name, "hub_"));
    List<String> bk = fields.list(node, path, "businessKey", true);
    Map<String, List<String>> sources = new LinkedHashMap<>();
    fields.forEachAny(
        fields.objectAt(node, path, "sources", true),
        path + "/sources",
        (src, cols, p) -> {
          if (!cols.isArray()) {
            problems.add(
                new ModelProblem(p, "must be the list of this source's business key columns"));
            return;
          }
          List<String> l = new ArrayList<>();
          cols.forEach(c -> l.add(c.asText()));
          sources.put(src, l);
        });
    String code =
        fields.text(node, path, "collisionCode", fields.text(node, path, "sourcePrefix", null));
    return new Hub(name, hashKey, bk, sources, code);
  }

  private Link readLink(
      String name, JsonNode node, String path, boolean nonHist, Map<String, Hub> hubs) {
    if (nonHist) {
      fields.allowOnly(
          node,
          path,
          "hashKey",
          "source",
          "hubs",
          "dependentChildKey",
          "columns",
          "onChange",
          "changeSatellite");
    } else {
      fields.allowOnly(node, path, "hashKey", "source", "hubs", "dependentChildKey");
    }
    String hashKey =
        fields.text(node, path, "hashKey", defaultHashKey(name, nonHist ? "nhl_" : "lnk_"));
    String source = fields.required(node, path, "source");
    List<LinkEnd> ends = readLinkEnds(node.get("hubs"), path, hubs);
    List<String> dck =
        node.has("dependentChildKey")
            ? fields.list(node, path, "dependentChildKey", false)
            : List.of();
    List<String> cols = node.has("columns") ? fields.list(node, path, "columns", false) : List.of();
    Link link = new Link(name, hashKey, source, ends, dck, cols, nonHist);
    return nonHist ? ChangeChoices.read(link, node, path, fields, problems) : link;
  }

  private List<LinkEnd> readLinkEnds(JsonNode hubsNode, String path, Map<String, Hub> hubs) {
    List<LinkEnd> ends = new ArrayList<>();
    if (hubsNode == null || !hubsNode.isArray() || hubsNode.isEmpty()) {
      problems.add(
          new ModelProblem(
              path + "/hubs",
              "missing: list the hubs the link joins, e.g. [ { \"hub\": \"hub_order\" }, { \"hub\": \"hub_customer\", \"via\": \"customer\" } ]"));
      return ends;
    }
    for (int i = 0; i < hubsNode.size(); i++) {
      JsonNode end = hubsNode.get(i);
      String p = path + "/hubs/" + i;
      if (!end.isObject()) {
        problems.add(
            new ModelProblem(p, "must be an object like { \"hub\": \"hub_x\", \"via\": \"fk\" }"));
        continue;
      }
      fields.allowOnly(end, p, "hub", "via", "column");
      String hub = fields.required(end, p, "hub");
      Hub h = hubs.get(hub);
      String column = fields.text(end, p, "column", h == null ? hub + "_hk" : h.hashKey());
      ends.add(new LinkEnd(hub, fields.text(end, p, "via", null), column));
    }
    return ends;
  }

  private static String defaultHashKey(String name, String prefix) {
    return (name.startsWith(prefix) ? name.substring(prefix.length()) : name) + "_hk";
  }
}
