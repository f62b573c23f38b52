package io.vaultstream.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The small readers of a model's JSON tree: each reads one field and notes a problem (with the
 * field's path) instead of failing, so that one pass reports every mistake of a model file.
 */
final class ModelFields {
  private final List<ModelProblem> problems;

  ModelFields(List<ModelProblem> problems) {
    this.problems = problems;
  }

  interface Entry {
    void accept(String name, JsonNode node, String path);
  }

  void forEach(JsonNode obj, String path, Entry entry) {
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

  void forEachAny(JsonNode obj, String path, Entry entry) {
    if (obj == null) {
      return;
    }
    obj.fields()
        .forEachRemaining(e -> entry.accept(e.getKey(), e.getValue(), path + "/" + e.getKey()));
  }

  JsonNode objectAt(JsonNode node, String path, String field, boolean required) {
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

  String required(JsonNode node, String path, String field) {
    String v = text(node, path, field, null);
    if (v == null) {
      problems.add(new ModelProblem(path + "/" + field, "missing"));
      return "";
    }
    return v;
  }

  String text(JsonNode node, String path, String field, String dflt) {
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

  boolean bool(JsonNode node, String path, String field, boolean dflt) {
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

  List<String> list(JsonNode node, String path, String field, boolean required) {
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

  void allowOnly(JsonNode node, String path, String... allowed) {
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
