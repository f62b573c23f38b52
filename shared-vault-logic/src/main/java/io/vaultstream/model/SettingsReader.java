package io.vaultstream.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the model's settings objects: {@code hashing}, {@code naming} and a satellite's {@code
 * audit} columns, noting shape problems as it goes.
 */
final class SettingsReader {
  private final List<ModelProblem> problems;
  private final ModelFields fields;

  SettingsReader(List<ModelProblem> problems, ModelFields fields) {
    this.problems = problems;
    this.fields = fields;
  }

  /** A satellite's audit columns: an object of what each holds to its column name. */
  Map<String, String> audit(JsonNode node, String p) {
    Map<String, String> out = new LinkedHashMap<>();
    if (node == null) {
      return out;
    }
    if (!node.isObject()) {
      problems.add(
          new ModelProblem(
              p, "must be an object of " + Satellite.AUDIT_KINDS + " to column names"));
      return out;
    }
    fields.allowOnly(node, p, Satellite.AUDIT_KINDS.toArray(String[]::new));
    for (String kind : Satellite.AUDIT_KINDS) {
      String column = fields.text(node, p, kind, null);
      if (column != null) {
        out.put(kind, column);
      }
    }
    return out;
  }

  HashingSettings hashing(JsonNode node) {
    HashingSettings d = HashingSettings.defaults();
    if (node == null) {
      return d;
    }
    String p = "/hashing";
    fields.allowOnly(
        node, p, "profile", "algorithm", "output", "delimiter", "nullValue", "trimTrailingNulls");
    HashProfileName profile = profile(node, p, d.profile());
    HashAlgorithm algorithm = algorithm(node, p, d.algorithm());
    boolean binary = binaryOutput(node, p);
    String delimiter = fields.text(node, p, "delimiter", d.delimiter());
    if (delimiter.isEmpty()) {
      problems.add(new ModelProblem(p + "/delimiter", "must not be empty"));
    }
    boolean trim = fields.bool(node, p, "trimTrailingNulls", false);
    if (trim && profile != HashProfileName.DATAVAULT4DBT) {
      problems.add(
          new ModelProblem(
              p + "/trimTrailingNulls",
              "only the datavault4dbt profile takes this setting (its use_rtrim):"
                  + " vaultspeed always leaves trailing NULLs out, automate-dv sorts its columns"));
    }
    return new HashingSettings(
        profile,
        algorithm,
        binary,
        delimiter,
        fields.text(node, p, "nullValue", d.nullValue()),
        trim);
  }

  /** The hashing profile, or {@code otherwise} after a problem. */
  private HashProfileName profile(JsonNode node, String p, HashProfileName otherwise) {
    try {
      return HashProfileName.parse(fields.text(node, p, "profile", otherwise.id()));
    } catch (IllegalArgumentException e) {
      problems.add(new ModelProblem(p + "/profile", e.getMessage()));
      return otherwise;
    }
  }

  /** The hash algorithm (MD5 when not given), or {@code otherwise} after a problem. */
  private HashAlgorithm algorithm(JsonNode node, String p, HashAlgorithm otherwise) {
    try {
      return HashAlgorithm.parse(fields.text(node, p, "algorithm", "MD5"));
    } catch (IllegalArgumentException e) {
      problems.add(new ModelProblem(p + "/algorithm", e.getMessage()));
      return otherwise;
    }
  }

  /** Whether hashes are stored as binary rather than hex text. */
  private boolean binaryOutput(JsonNode node, String p) {
    String output = fields.text(node, p, "output", "hex");
    if (!"binary".equalsIgnoreCase(output) && !"hex".equalsIgnoreCase(output)) {
      problems.add(
          new ModelProblem(p + "/output", "unknown output '" + output + "'; valid: hex, binary"));
    }
    return "binary".equalsIgnoreCase(output);
  }

  Naming naming(JsonNode node) {
    Naming d = Naming.defaults();
    if (node == null) {
      return d;
    }
    String p = "/naming";
    fields.allowOnly(node, p, "loadDts", "recordSource", "hashDiff", "deleteFlag", "loadedAt");
    return new Naming(
        fields.text(node, p, "loadDts", d.loadDts()),
        fields.text(node, p, "recordSource", d.recordSource()),
        fields.text(node, p, "hashDiff", d.hashDiff()),
        fields.text(node, p, "deleteFlag", d.deleteFlag()),
        fields.text(node, p, "loadedAt", d.loadedAt()));
  }
}
