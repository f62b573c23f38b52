package io.vaultstream.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads a JSON tree into the model records, noting shape problems as it goes. */
final class ModelReader {
  private final List<ModelProblem> problems;

  ModelReader(List<ModelProblem> problems) {
    this.problems = problems;
  }

  VaultModel read(JsonNode root) {
    allowOnly(
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
        "referenceTables");
    String name = text(root, "", "name", null);
    if (name == null) {
      problems.add(new ModelProblem("/name", "missing: the model needs a name, e.g. \"shop\""));
      name = "model";
    }
    String recordSource = text(root, "", "recordSource", name.toUpperCase(java.util.Locale.ROOT));
    String topicPrefix = text(root, "", "topicPrefix", null);
    HashingSettings hashing = readHashing(root.get("hashing"));
    Naming naming = readNaming(root.get("naming"));

    Map<String, SourceTable> sources = new LinkedHashMap<>();
    Map<String, List<String>> pks = new LinkedHashMap<>();
    JsonNode srcNodes = objectAt(root, "", "sources", true);
    // Primary keys first: a foreign key's referenced columns default to the referenced key.
    forEach(
        srcNodes,
        "/sources",
        (table, node, path) -> pks.put(table, list(node, path, "primaryKey", true)));
    forEach(
        srcNodes,
        "/sources",
        (table, node, path) -> sources.put(table, readSource(table, node, path, topicPrefix, pks)));

    Map<String, Hub> hubs = new LinkedHashMap<>();
    forEach(
        objectAt(root, "", "hubs", true),
        "/hubs",
        (n, node, p) -> hubs.put(n, readHub(n, node, p)));
    Map<String, Link> links = new LinkedHashMap<>();
    forEach(
        objectAt(root, "", "links", false),
        "/links",
        (n, node, p) -> links.put(n, readLink(n, node, p, false, hubs)));
    forEach(
        objectAt(root, "", "nonHistorizedLinks", false),
        "/nonHistorizedLinks",
        (n, node, p) -> {
          if (links.containsKey(n)) {
            problems.add(new ModelProblem(p, "the name '" + n + "' is already used by a link"));
          }
          links.put(n, readLink(n, node, p, true, hubs));
        });
    Map<String, Satellite> sats = new LinkedHashMap<>();
    forEach(
        objectAt(root, "", "satellites", false),
        "/satellites",
        (n, node, p) -> {
          allowOnly(node, p, "parent", "source", "columns", "deleteTracking");
          sats.put(
              n,
              new Satellite(
                  n,
                  required(node, p, "parent"),
                  required(node, p, "source"),
                  node.has("columns") ? list(node, p, "columns", false) : null,
                  bool(node, p, "deleteTracking", true)));
        });
    Map<String, ReferenceTable> refs = new LinkedHashMap<>();
    forEach(
        objectAt(root, "", "referenceTables", false),
        "/referenceTables",
        (n, node, p) -> {
          allowOnly(node, p, "source", "code", "columns");
          refs.put(
              n,
              new ReferenceTable(
                  n,
                  required(node, p, "source"),
                  list(node, p, "code", true),
                  node.has("columns") ? list(node, p, "columns", false) : null));
        });
    return new VaultModel(name, recordSource, hashing, naming, sources, hubs, links, sats, refs);
  }

  private SourceTable readSource(
      String table, JsonNode node, String path, String topicPrefix, Map<String, List<String>> pks) {
    allowOnly(node, path, "topic", "primaryKey", "foreignKeys", "columns");
    String topic =
        text(node, path, "topic", topicPrefix == null ? null : topicPrefix + "." + table);
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
    forEach(
        objectAt(node, path, "foreignKeys", false),
        path + "/foreignKeys",
        (fkName, fkNode, fkPath) -> {
          allowOnly(fkNode, fkPath, "columns", "references", "referencedColumns");
          String ref = required(fkNode, fkPath, "references");
          List<String> cols = list(fkNode, fkPath, "columns", true);
          List<String> refCols =
              fkNode.has("referencedColumns")
                  ? list(fkNode, fkPath, "referencedColumns", true)
                  : pks.getOrDefault(ref, List.of());
          fks.put(fkName, new ForeignKey(fkName, cols, ref, refCols));
        });
    Map<String, String> columns = new LinkedHashMap<>();
    JsonNode cols = node.get("columns");
    if (cols != null) {
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
    }
    return new SourceTable(table, topic, pks.getOrDefault(table, List.of()), fks, columns);
  }

  private Hub readHub(String name, JsonNode node, String path) {
    allowOnly(node, path, "hashKey", "businessKey", "sources", "collisionCode", "sourcePrefix");
    String hashKey = text(node, path, "hashKey", defaultHashKey(name, "hub_"));
    List<String> bk = list(node, path, "businessKey", true);
    Map<String, List<String>> sources = new LinkedHashMap<>();
    forEachAny(
        objectAt(node, path, "sources", true),
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
    String code = text(node, path, "collisionCode", text(node, path, "sourcePrefix", null));
    return new Hub(name, hashKey, bk, sources, code);
  }

  private Link readLink(
      String name, JsonNode node, String path, boolean nonHist, Map<String, Hub> hubs) {
    if (nonHist) {
      allowOnly(node, path, "hashKey", "source", "hubs", "dependentChildKey", "columns");
    } else {
      allowOnly(node, path, "hashKey", "source", "hubs", "dependentChildKey");
    }
    String hashKey = text(node, path, "hashKey", defaultHashKey(name, nonHist ? "nhl_" : "lnk_"));
    String source = required(node, path, "source");
    List<LinkEnd> ends = new ArrayList<>();
    JsonNode hubsNode = node.get("hubs");
    if (hubsNode == null || !hubsNode.isArray() || hubsNode.isEmpty()) {
      problems.add(
          new ModelProblem(
              path + "/hubs",
              "missing: list the hubs the link joins, e.g. [ { \"hub\": \"hub_order\" }, { \"hub\": \"hub_customer\", \"via\": \"customer\" } ]"));
    } else {
      for (int i = 0; i < hubsNode.size(); i++) {
        JsonNode end = hubsNode.get(i);
        String p = path + "/hubs/" + i;
        if (!end.isObject()) {
          problems.add(
              new ModelProblem(
                  p, "must be an object like { \"hub\": \"hub_x\", \"via\": \"fk\" }"));
          continue;
        }
        allowOnly(end, p, "hub", "via", "column");
        String hub = required(end, p, "hub");
        Hub h = hubs.get(hub);
        String column = text(end, p, "column", h == null ? hub + "_hk" : h.hashKey());
        ends.add(new LinkEnd(hub, text(end, p, "via", null), column));
      }
    }
    List<String> dck =
        node.has("dependentChildKey") ? list(node, path, "dependentChildKey", false) : List.of();
    List<String> cols = node.has("columns") ? list(node, path, "columns", false) : List.of();
    return new Link(name, hashKey, source, ends, dck, cols, nonHist);
  }

  private HashingSettings readHashing(JsonNode node) {
    HashingSettings d = HashingSettings.defaults();
    if (node == null) {
      return d;
    }
    String p = "/hashing";
    allowOnly(node, p, "profile", "algorithm", "output", "delimiter", "nullValue");
    HashProfileName profile = d.profile();
    HashAlgorithm algorithm = d.algorithm();
    boolean binary = false;
    try {
      profile = HashProfileName.parse(text(node, p, "profile", profile.id()));
    } catch (IllegalArgumentException e) {
      problems.add(new ModelProblem(p + "/profile", e.getMessage()));
    }
    try {
      algorithm = HashAlgorithm.parse(text(node, p, "algorithm", "MD5"));
    } catch (IllegalArgumentException e) {
      problems.add(new ModelProblem(p + "/algorithm", e.getMessage()));
    }
    String output = text(node, p, "output", "hex");
    if ("binary".equalsIgnoreCase(output)) {
      binary = true;
    } else if (!"hex".equalsIgnoreCase(output)) {
      problems.add(
          new ModelProblem(p + "/output", "unknown output '" + output + "'; valid: hex, binary"));
    }
    String delimiter = text(node, p, "delimiter", d.delimiter());
    if (delimiter.isEmpty()) {
      problems.add(new ModelProblem(p + "/delimiter", "must not be empty"));
    }
    return new HashingSettings(
        profile, algorithm, binary, delimiter, text(node, p, "nullValue", d.nullValue()));
  }

  private Naming readNaming(JsonNode node) {
    Naming d = Naming.defaults();
    if (node == null) {
      return d;
    }
    String p = "/naming";
    allowOnly(node, p, "loadDts", "recordSource", "hashDiff", "deleteFlag", "loadedAt");
    return new Naming(
        text(node, p, "loadDts", d.loadDts()),
        text(node, p, "recordSource", d.recordSource()),
        text(node, p, "hashDiff", d.hashDiff()),
        text(node, p, "deleteFlag", d.deleteFlag()),
        text(node, p, "loadedAt", d.loadedAt()));
  }

  private static String defaultHashKey(String name, String prefix) {
    return (name.startsWith(prefix) ? name.substring(prefix.length()) : name) + "_hk";
  }

  // ---- small readers that note problems instead of failing -------------------------------

  private interface Entry {
    void accept(String name, JsonNode node, String path);
  }

  private void forEach(JsonNode obj, String path, Entry entry) {
    forEachAny(
        obj,
        path,
        (n, node, p) -> {
          if (!node.isObject()) {
            problems.add(new ModelProblem(p, "must be an object"));
          } else {
            entry.accept(n, node, p);
          }
        });
  }

  private void forEachAny(JsonNode obj, String path, Entry entry) {
    if (obj == null) {
      return;
    }
    obj.fields()
        .forEachRemaining(e -> entry.accept(e.getKey(), e.getValue(), path + "/" + e.getKey()));
  }

  private JsonNode objectAt(JsonNode node, String path, String field, boolean required) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      if (required) {
        problems.add(
            new ModelProblem(path + "/" + field, "missing: an object of " + field + " by name"));
      }
      return null;
    }
    if (!v.isObject()) {
      problems.add(
          new ModelProblem(path + "/" + field, "must be an object of " + field + " by name"));
      return null;
    }
    return v;
  }

  private String required(JsonNode node, String path, String field) {
    String v = text(node, path, field, null);
    if (v == null) {
      problems.add(new ModelProblem(path + "/" + field, "missing"));
      return "";
    }
    return v;
  }

  private String text(JsonNode node, String path, String field, String dflt) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      return dflt;
    }
    if (!v.isValueNode()) {
      problems.add(new ModelProblem(path + "/" + field, "must be a text value"));
      return dflt;
    }
    return v.asText();
  }

  private boolean bool(JsonNode node, String path, String field, boolean dflt) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      return dflt;
    }
    if (!v.isBoolean()) {
      problems.add(new ModelProblem(path + "/" + field, "must be true or false"));
      return dflt;
    }
    return v.asBoolean();
  }

  private List<String> list(JsonNode node, String path, String field, boolean required) {
    JsonNode v = node.get(field);
    List<String> out = new ArrayList<>();
    if (v == null || v.isNull()) {
      if (required) {
        problems.add(new ModelProblem(path + "/" + field, "missing: a list of column names"));
      }
      return out;
    }
    if (v.isTextual()) {
      out.add(v.asText());
      return out;
    }
    if (!v.isArray()) {
      problems.add(new ModelProblem(path + "/" + field, "must be a list of column names"));
      return out;
    }
    v.forEach(e -> out.add(e.asText()));
    if (required && out.isEmpty()) {
      problems.add(new ModelProblem(path + "/" + field, "must name at least one column"));
    }
    return out;
  }

  private void allowOnly(JsonNode node, String path, String... allowed) {
    List<String> ok = List.of(allowed);
    node.fieldNames()
        .forEachRemaining(
            f -> {
              if (!ok.contains(f)) {
                problems.add(
                    new ModelProblem(
                        path + "/" + f,
                        "unknown key '" + f + "'; valid here: " + String.join(", ", ok)));
              }
            });
  }
}
