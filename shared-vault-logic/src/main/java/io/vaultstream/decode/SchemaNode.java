package io.vaultstream.decode;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.SerializedString;
import io.vaultstream.event.NamedValues;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A Connect schema of the JSON envelope, prepared once for every record that carries it: it reads
 * the payload from the parser straight into the values {@link JsonValueReader#withSchema} gives for
 * the same schema and payload, without a tree of the payload in between.
 *
 * <p>Structs and primitives are read as they stream by; their fields' paths, parameters and logical
 * names are computed here once instead of for every value. Arrays and maps, and a struct whose
 * fields repeat a name, are read as a value and then applied their schema the general way, so every
 * rule has one home. A value that does not fit throws as the general way would; the caller then
 * reads the record again the general way, whose message is the one users see.
 */
final class SchemaNode {
  private enum Kind {
    STRUCT,
    PRIMITIVE,
    GENERAL
  }

  private final Map<?, ?> schema;
  private final Kind kind;
  private final String type;
  private final SchemaValues.Primitive primitive;
  private final Object rawName;
  private final String name;
  // The logical type the name gives, found once: null when values are kept as they are.
  private final LogicalTypes.Logical logical;
  private final Map<String, String> params;
  private final String path;
  private final String[] fieldNames;
  // The names as the parser compares them with the input's bytes, without making a String.
  private final SerializedString[] serializedNames;
  private final byte[][] nameBytes;
  private final SchemaNode[] fields;
  private final Map<String, Integer> index;
  private final NamedValues.Names names;
  // A text nobody reads: checked as it streams by, not made into a String (set before sharing).
  private boolean unread;

  private SchemaNode(Map<?, ?> schema, String path) {
    this.schema = schema;
    this.path = path;
    this.type = JsonValueReader.text(schema.get("type"));
    this.primitive = type == null ? SchemaValues.Primitive.OTHER : SchemaValues.Primitive.of(type);
    this.rawName = schema.get("name");
    this.name = rawName == null ? null : JsonValueReader.text(rawName);
    this.logical = name == null ? null : LogicalTypes.Logical.of(name);
    this.params = rawName == null ? Map.of() : JsonValueReader.params(schema);
    List<Map<?, ?>> structFields = "struct".equals(type) ? structFields(schema) : null;
    if (structFields != null) {
      int n = structFields.size();
      this.kind = Kind.STRUCT;
      this.fieldNames = new String[n];
      this.serializedNames = new SerializedString[n];
      this.nameBytes = new byte[n][];
      this.fields = new SchemaNode[n];
      this.index = new HashMap<>(n * 2);
      for (int i = 0; i < n; i++) {
        Map<?, ?> field = structFields.get(i);
        fieldNames[i] = JsonValueReader.text(field.get("field"));
        serializedNames[i] = new SerializedString(fieldNames[i]);
        nameBytes[i] =
            PayloadScanner.plainName(fieldNames[i])
                ? fieldNames[i].getBytes(java.nio.charset.StandardCharsets.US_ASCII)
                : null; // compared as the scanner reads it, not as bytes
        fields[i] = new SchemaNode(field, path + "." + fieldNames[i]);
        index.put(fieldNames[i], i);
      }
      // The fields' names are distinct (structFields).
      this.names = NamedValues.Names.of(java.util.Arrays.asList(fieldNames));
    } else {
      this.kind =
          switch (type) {
            case "struct", "array", "map" -> Kind.GENERAL;
            default -> Kind.PRIMITIVE;
          };
      this.fieldNames = null;
      this.serializedNames = null;
      this.nameBytes = null;
      this.fields = null;
      this.index = null;
      this.names = null;
    }
  }

  /** The schema (a parsed JSON object) of the value at {@code path}. */
  static SchemaNode of(Map<?, ?> schema, String path) {
    return new SchemaNode(schema, path);
  }

  /**
   * The prepared schema of a Debezium envelope (a struct with an operation and a row image, as
   * {@link Frame} tells one) leaves the texts of its {@code source} block unread that no one reads:
   * all but {@link Frame#SOURCE_FIELDS_READ}. Such a value is checked as the general way checks it
   * (the parser still scans the text, and a value that is not text is read as always) but its
   * String is not made: its value in the source block is null. Seven per record of Debezium's
   * PostgreSQL connector (connector, version, name, database, schema, table, sequence). Called
   * before the schema is shared.
   */
  SchemaNode leavingSourceTextsUnread() {
    if (kind != Kind.STRUCT || !Frame.isDebezium(index.keySet())) {
      return this;
    }
    Integer at = index.get("source");
    SchemaNode source = at == null ? null : fields[at];
    if (source != null && source.kind == Kind.STRUCT) {
      for (int i = 0; i < source.fields.length; i++) {
        SchemaNode f = source.fields[i];
        f.unread =
            !Frame.SOURCE_FIELDS_READ.contains(source.fieldNames[i])
                && f.kind == Kind.PRIMITIVE
                && f.primitive == SchemaValues.Primitive.STRING
                && f.name == null;
      }
    }
    return this;
  }

  /**
   * A struct's fields that are objects, in order; null when two share a name (the general way keeps
   * the first one's place and the last one's value, which is not worth a second way of doing it).
   */
  private static List<Map<?, ?>> structFields(Map<?, ?> schema) {
    if (!(schema.get("fields") instanceof List<?> list)) {
      return List.of();
    }
    Set<String> names = new HashSet<>();
    List<Map<?, ?>> out = new ArrayList<>(list.size());
    for (Object f : list) {
      if (f instanceof Map<?, ?> field) {
        if (!names.add(JsonValueReader.text(field.get("field")))) {
          return null;
        }
        out.add(field);
      }
    }
    return out;
  }

  /** The value starting at token {@code t}, read by this schema. */
  Object read(JsonParser p, JsonToken t) throws IOException {
    if (t == JsonToken.VALUE_NULL) {
      return null;
    }
    return switch (kind) {
      case STRUCT ->
          t == JsonToken.START_OBJECT
              ? named(struct(p), null)
              : general(JsonValueReader.value(p, t));
      case PRIMITIVE -> {
        if (unread && t == JsonToken.VALUE_STRING) {
          yield null; // the parser skips the text as it moves on, checking it as it goes
        }
        Object v = JsonValueReader.value(p, t);
        yield named(SchemaValues.primitive(primitive, type, v, path, rawName), v);
      }
      case GENERAL -> general(JsonValueReader.value(p, t));
    };
  }

  /**
   * The value {@link #read} gives for the same bytes, read by {@code s} without a parser; {@link
   * PayloadScanner#GIVE_UP} where the bytes are not of the plainest JSON, or where this schema
   * reads the value the general way (arrays, maps, a struct's field the schema lacks).
   */
  Object scan(PayloadScanner s) {
    if (s.nullNext()) {
      return null;
    }
    return switch (kind) {
      case STRUCT -> {
        s.expect('{');
        yield named(scanStruct(s), null);
      }
      case PRIMITIVE -> {
        if (unread && s.peek() == '"') {
          s.skipText();
          yield null;
        }
        Object v = s.scalar();
        yield named(SchemaValues.primitive(primitive, type, v, path, rawName), v);
      }
      case GENERAL -> throw PayloadScanner.GIVE_UP;
    };
  }

  /** As {@link #struct}, the scanner past the opening brace. */
  private Map<String, Object> scanStruct(PayloadScanner s) {
    int n = fields.length;
    Object[] values = new Object[n];
    if (!s.emptyObject()) {
      int expected = 0;
      do {
        int i;
        if (s.name(expected < n ? nameBytes[expected] : null)) {
          i = expected;
        } else {
          Integer found = index.get(s.lastName());
          if (found == null) {
            throw PayloadScanner.GIVE_UP;
          }
          i = found;
        }
        values[i] = fields[i].scan(s);
        expected = i + 1;
      } while (s.nextMember());
    }
    return new NamedValues<>(names, values);
  }

  private Object general(Object v) {
    return JsonValueReader.withSchema(schema, v, path);
  }

  private Object named(Object physical, Object input) {
    return logical == null
        ? physical
        : JsonValueReader.logical(
            logical, params, name, input == null ? physical : input, physical, path);
  }

  /**
   * The struct's fields in the schema's order; a field the payload lacks is null, one the schema
   * lacks is skipped, and of a name given twice the last value counts, as in the general way.
   */
  private Map<String, Object> struct(JsonParser p) throws IOException {
    int n = fields.length;
    Object[] values = new Object[n];
    int expected = 0;
    while (true) {
      int i;
      JsonToken vt;
      // A payload gives its fields in the schema's order: the next one is compared as bytes.
      if (expected < n && p.nextFieldName(serializedNames[expected])) {
        i = expected;
        vt = p.nextToken();
      } else {
        JsonToken t = expected < n ? p.currentToken() : p.nextToken();
        if (t != JsonToken.FIELD_NAME) {
          break;
        }
        String field = p.currentName();
        vt = p.nextToken();
        Integer found = index.get(field);
        if (found == null) {
          JsonValueReader.value(p, vt); // read as the general way does, to fail as it would
          continue;
        }
        i = found;
      }
      values[i] = fields[i].read(p, vt);
      expected = i + 1;
    }
    if (p.currentToken() != JsonToken.END_OBJECT) {
      throw new IOException("unexpected " + p.currentToken() + " in an object");
    }
    return new NamedValues<>(names, values);
  }
}
