package io.vaultstream.decode;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns JSON bytes as written by Kafka's JsonConverter, with schemas ({@code {"schema",
 * "payload"}}) or without, into a map of Java values; with a schema, logical types are normalised.
 *
 * <p>The bytes are read with Jackson's streaming parser straight into Java values (objects as
 * ordered maps, integers as Long or BigInteger, other numbers as exact BigDecimal, so 29.70 keeps
 * its scale as the source column's text does); no tree of nodes is built.
 */
public final class JsonValueReader {
  static final JsonFactory JSON = new JsonFactory();

  private JsonValueReader() {}

  /** Parses the bytes; {@code null} for a JSON null (a tombstone in the schema envelope). */
  public static Object read(byte[] bytes) {
    Object root;
    try (JsonParser p = JSON.createParser(bytes)) {
      JsonToken first = p.nextToken();
      if (first == null) {
        return null; // no content
      }
      root = value(p, first);
    } catch (IOException e) {
      throw new DecodeException("the value is not valid JSON: " + e.getMessage(), e);
    }
    if (root instanceof Map<?, ?> m
        && m.size() == 2
        && m.containsKey("schema")
        && m.containsKey("payload")) {
      Object schema = m.get("schema");
      Object payload = m.get("payload");
      return schema instanceof Map<?, ?> s ? withSchema(s, payload, "payload") : payload;
    }
    return root;
  }

  /** The value starting at the current token. */
  static Object value(JsonParser p, JsonToken t) throws IOException {
    return switch (t) {
      case START_OBJECT -> readObject(p);
      case START_ARRAY -> readArray(p);
      case VALUE_STRING -> p.getText();
      case VALUE_NUMBER_INT -> readInteger(p);
      case VALUE_NUMBER_FLOAT -> p.getDecimalValue();
      case VALUE_TRUE -> Boolean.TRUE;
      case VALUE_FALSE -> Boolean.FALSE;
      case VALUE_NULL -> null;
      default -> throw new IOException("unexpected " + t);
    };
  }

  /** An object's fields in their order, the parser at its start. */
  private static Map<String, Object> readObject(JsonParser p) throws IOException {
    Map<String, Object> out = new LinkedHashMap<>();
    for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
      out.put(name, value(p, p.nextToken()));
    }
    if (p.currentToken() != JsonToken.END_OBJECT) {
      throw new IOException("unexpected " + p.currentToken() + " in an object");
    }
    return out;
  }

  /** An array's items, the parser at its start. */
  private static List<Object> readArray(JsonParser p) throws IOException {
    List<Object> out = new ArrayList<>();
    for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
      if (e == null) {
        throw new IOException("unexpected end of input in an array");
      }
      out.add(value(p, e));
    }
    return out;
  }

  /** An integer as a Long, or a BigInteger when it does not fit one. */
  private static Object readInteger(JsonParser p) throws IOException {
    return p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
        ? p.getBigIntegerValue()
        : (Object) p.getLongValue();
  }

  /** The value {@code v} read by its schema; {@code path} names it in messages. */
  static Object withSchema(Map<?, ?> schema, Object v, String path) {
    if (v == null) {
      return null;
    }
    String type = text(schema.get("type"));
    SchemaValues.shape(type, v, path);
    Object physical =
        switch (type) {
          case "struct" -> struct(schema, (Map<?, ?>) v, path);
          case "array" -> array(schema, (List<?>) v, path);
          case "map" -> map(schema, v, path);
          default -> SchemaValues.primitive(type, v, path, schema.get("name"));
        };
    Object named = schema.get("name");
    return named == null ? physical : logical(params(schema), text(named), v, physical, path);
  }

  private static Map<String, Object> struct(Map<?, ?> schema, Map<?, ?> in, String path) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (schema.get("fields") instanceof List<?> fields) {
      for (Object f : fields) {
        if (f instanceof Map<?, ?> field) {
          String name = text(field.get("field"));
          out.put(name, withSchema(field, in.get(name), path + "." + name));
        }
      }
    }
    return out;
  }

  private static List<Object> array(Map<?, ?> schema, List<?> in, String path) {
    List<Object> out = new ArrayList<>();
    Map<?, ?> items = schema.get("items") instanceof Map<?, ?> m ? m : Map.of();
    for (Object e : in) {
      out.add(withSchema(items, e, path + "[]"));
    }
    return out;
  }

  /** A map as an object, or as the list of [key, value] pairs JsonConverter writes otherwise. */
  private static Map<String, Object> map(Map<?, ?> schema, Object v, String path) {
    Map<String, Object> out = new LinkedHashMap<>();
    Map<?, ?> values = schema.get("values") instanceof Map<?, ?> m ? m : Map.of();
    if (v instanceof Map<?, ?> m) {
      m.forEach((k, e) -> out.put(String.valueOf(k), withSchema(values, e, path)));
    } else {
      for (Object pair : (List<?>) v) {
        if (pair instanceof List<?> kv && kv.size() == 2) {
          out.put(text(kv.get(0)), withSchema(values, kv.get(1), path));
        }
      }
    }
    return out;
  }

  /** The physical value normalised by its logical type {@code name}; {@code v} is the input. */
  static Object logical(
      Map<String, String> params, String name, Object v, Object physical, String path) {
    LogicalTypes.Logical logical = LogicalTypes.Logical.of(name);
    return logical == null ? physical : logical(logical, params, name, v, physical, path);
  }

  /** {@link #logical(Map, String, Object, Object, String)} with the logical type found already. */
  static Object logical(
      LogicalTypes.Logical logical,
      Map<String, String> params,
      String name,
      Object v,
      Object physical,
      String path) {
    try {
      return LogicalTypes.normalize(logical, name, params, physical);
    } catch (DecodeException e) {
      throw new ValueException("field '" + path + "': " + e.getMessage(), e);
    } catch (RuntimeException e) {
      throw new ValueException(
          "field '"
              + path
              + "' ("
              + name
              + ") holds "
              + ValueText.kind(v)
              + ", which cannot be read: "
              + e.getMessage(),
          e);
    }
  }

  /** A schema's parameters as text. */
  static Map<String, String> params(Map<?, ?> schema) {
    Map<String, String> params = new HashMap<>();
    if (schema.get("parameters") instanceof Map<?, ?> m) {
      m.forEach((k, e) -> params.put(String.valueOf(k), text(e)));
    }
    return params;
  }

  /** A value as text, as JSON writes it (numbers in their plain form). */
  static String text(Object v) {
    if (v == null) {
      return "";
    }
    if (v instanceof BigDecimal d) {
      return d.toString();
    }
    return v.toString();
  }
}
