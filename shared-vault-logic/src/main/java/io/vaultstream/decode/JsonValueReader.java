package io.vaultstream.decode;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns JSON bytes as written by Kafka's JsonConverter, with schemas ({@code {"schema",
 * "payload"}}) or without, into a map of Java values; with a schema, logical types are normalised.
 */
public final class JsonValueReader {
  // Exact decimals: 29.70 keeps its scale, as the source column's text does.
  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));

  private JsonValueReader() {}

  /** Parses the bytes; {@code null} for a JSON null (a tombstone in the schema envelope). */
  public static Object read(byte[] bytes) {
    JsonNode root;
    try {
      root = JSON.readTree(bytes);
    } catch (IOException e) {
      throw new DecodeException("the value is not valid JSON: " + e.getMessage(), e);
    }
    if (root == null || root.isNull() || root.isMissingNode()) {
      return null;
    }
    if (root.isObject() && root.size() == 2 && root.has("schema") && root.has("payload")) {
      JsonNode schema = root.get("schema");
      JsonNode payload = root.get("payload");
      return schema.isNull() ? plain(payload) : withSchema(schema, payload, "payload");
    }
    return plain(root);
  }

  private static Object withSchema(JsonNode schema, JsonNode v, String path) {
    if (v == null || v.isNull()) {
      return null;
    }
    String type = schema.path("type").asText();
    Object physical =
        switch (type) {
          case "struct" -> {
            Map<String, Object> out = new LinkedHashMap<>();
            for (JsonNode f : schema.path("fields")) {
              String name = f.path("field").asText();
              out.put(name, withSchema(f, v.get(name), path + "." + name));
            }
            yield out;
          }
          case "array" -> {
            List<Object> out = new ArrayList<>();
            for (JsonNode e : v) {
              out.add(withSchema(schema.path("items"), e, path + "[]"));
            }
            yield out;
          }
          case "map" -> {
            Map<String, Object> out = new LinkedHashMap<>();
            if (v.isObject()) {
              v.fields()
                  .forEachRemaining(
                      e ->
                          out.put(
                              e.getKey(), withSchema(schema.path("values"), e.getValue(), path)));
            } else {
              for (JsonNode pair : v) {
                out.put(pair.get(0).asText(), withSchema(schema.path("values"), pair.get(1), path));
              }
            }
            yield out;
          }
          case "int8", "int16", "int32" -> v.asInt();
          case "int64" -> v.asLong();
          case "float32" -> (float) v.asDouble();
          case "float64" -> v.asDouble();
          case "boolean" -> v.asBoolean();
          case "string" -> v.asText();
          case "bytes" -> {
            try {
              yield Base64.getDecoder().decode(v.asText());
            } catch (IllegalArgumentException e) {
              throw new DecodeException(
                  "field '" + path + "' of type bytes is not base64: '" + v.asText() + "'");
            }
          }
          default -> plain(v);
        };
    String name = schema.path("name").isMissingNode() ? null : schema.path("name").asText(null);
    if (name == null) {
      return physical;
    }
    Map<String, String> params = new HashMap<>();
    schema
        .path("parameters")
        .fields()
        .forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
    try {
      return LogicalTypes.normalize(name, params, physical);
    } catch (DecodeException e) {
      throw new DecodeException("field '" + path + "': " + e.getMessage(), e);
    } catch (RuntimeException e) {
      throw new DecodeException(
          "field '" + path + "' (" + name + "): cannot read '" + v + "': " + e.getMessage(), e);
    }
  }

  /** A schemaless JSON tree as Java values: Long or BigInteger, BigDecimal, String, Map, List. */
  static Object plain(JsonNode v) {
    if (v == null || v.isNull()) {
      return null;
    }
    if (v.isObject()) {
      Map<String, Object> out = new LinkedHashMap<>();
      v.fields().forEachRemaining(e -> out.put(e.getKey(), plain(e.getValue())));
      return out;
    }
    if (v.isArray()) {
      List<Object> out = new ArrayList<>();
      v.forEach(e -> out.add(plain(e)));
      return out;
    }
    if (v.isIntegralNumber()) {
      return v.canConvertToLong() ? (Object) v.asLong() : v.bigIntegerValue();
    }
    if (v.isNumber()) {
      BigDecimal d = v.decimalValue();
      return d;
    }
    if (v.isBoolean()) {
      return v.asBoolean();
    }
    return v.asText();
  }
}
