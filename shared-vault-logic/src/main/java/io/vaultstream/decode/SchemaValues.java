package io.vaultstream.decode;

import java.math.BigDecimal;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * The primitive values of JSON written with a Connect schema, taken strictly: a value that does not
 * fit the schema's type ({@code "abc"} or 3000000000 for an int32, {@code "yes"} for a boolean) is
 * a bad record, never another value, so no primary key collapses to 0 and no satellite stores what
 * the source did not hold.
 */
final class SchemaValues {
  private static final String DECIMAL = "org.apache.kafka.connect.data.Decimal";
  private static final String SPECIAL_FLOATS = "\"NaN\", \"Infinity\" or \"-Infinity\"";

  private SchemaValues() {}

  /**
   * A primitive schema type, found once per schema instead of by its name for every value (a switch
   * on a String hashes and compares the name each time).
   */
  enum Primitive {
    INT8,
    INT16,
    INT32,
    INT64,
    FLOAT32,
    FLOAT64,
    BOOLEAN,
    STRING,
    BYTES,
    OTHER;

    static Primitive of(String type) {
      return switch (type) {
        case "int8" -> INT8;
        case "int16" -> INT16;
        case "int32" -> INT32;
        case "int64" -> INT64;
        // Connect's JSON schemas name the float types "float" and "double" (JsonConverter's
        // envelope), its Struct schemas FLOAT32 and FLOAT64.
        case "float32", "float" -> FLOAT32;
        case "float64", "double" -> FLOAT64;
        case "boolean" -> BOOLEAN;
        case "string" -> STRING;
        case "bytes" -> BYTES;
        default -> OTHER;
      };
    }
  }

  /**
   * The Java value of a primitive schema type; {@code v} itself for other types.
   *
   * @param path the field, for messages
   * @param name the schema's logical name, or null
   */
  static Object primitive(String type, Object v, String path, Object name) {
    return primitive(Primitive.of(type), type, v, path, name);
  }

  /** As {@link #primitive(String, Object, String, Object)}, the type found already. */
  static Object primitive(Primitive p, String type, Object v, String path, Object name) {
    return switch (p) {
      case INT8 -> (int) whole(v, path, type, Byte.MIN_VALUE, Byte.MAX_VALUE);
      case INT16 -> (int) whole(v, path, type, Short.MIN_VALUE, Short.MAX_VALUE);
      case INT32 -> (int) whole(v, path, type, Integer.MIN_VALUE, Integer.MAX_VALUE);
      case INT64 -> whole(v, path, type, Long.MIN_VALUE, Long.MAX_VALUE);
      case FLOAT32 -> float32(v, path);
      case FLOAT64 -> float64(v, path);
      case BOOLEAN -> {
        if (v instanceof Boolean b) {
          yield b;
        }
        throw misfit(path, v, type, "true or false");
      }
      case STRING -> {
        if (v instanceof String s) {
          yield s;
        }
        throw misfit(path, v, type, "a JSON string");
      }
      case BYTES -> {
        // JsonConverter with decimal.format=NUMERIC writes a Decimal as a JSON number.
        if (v instanceof Number n && DECIMAL.equals(name)) {
          yield n instanceof BigDecimal d ? d : new BigDecimal(n.toString());
        }
        yield bytes(v, path);
      }
      case OTHER -> v;
    };
  }

  /** Checks that a struct, map or array value has the JSON shape of its schema type. */
  static void shape(String type, Object v, String path) {
    boolean ok =
        switch (type) {
          case "struct" -> v instanceof Map<?, ?>;
          case "array" -> v instanceof List<?>;
          case "map" -> v instanceof Map<?, ?> || v instanceof List<?>;
          default -> true;
        };
    if (!ok) {
      throw misfit(
          path,
          v,
          type,
          switch (type) {
            case "struct" -> "a JSON object";
            case "array" -> "a JSON array";
            default -> "a JSON object, or an array of [key, value] pairs";
          });
    }
  }

  private static long whole(Object v, String path, String type, long min, long max) {
    Long n = v instanceof Number ? ExactNumbers.longValue(v) : null;
    if (n == null || n < min || n > max) {
      throw misfit(path, v, type, "a whole JSON number from " + min + " to " + max);
    }
    return n;
  }

  private static double float64(Object v, String path) {
    if (v instanceof Number n) {
      double d = n.doubleValue();
      // A JSON number beyond double's range would silently become Infinity.
      if (!Double.isInfinite(d)) {
        return d;
      }
    } else if (v instanceof String s) {
      Double special = special(s);
      if (special != null) {
        return special;
      }
    }
    throw misfit(
        path, v, "float64", "a JSON number within ±1.7976931348623157E308, or " + SPECIAL_FLOATS);
  }

  private static float float32(Object v, String path) {
    if (v instanceof Number n) {
      double d = n.doubleValue();
      if (Math.abs(d) <= Float.MAX_VALUE) {
        return (float) d;
      }
    } else if (v instanceof String s) {
      Double special = special(s);
      if (special != null) {
        return special.floatValue();
      }
    }
    throw misfit(path, v, "float32", "a JSON number within ±3.4028235E38, or " + SPECIAL_FLOATS);
  }

  /** The values JsonConverter writes as strings because JSON has no number for them. */
  private static Double special(String s) {
    return switch (s) {
      case "NaN" -> Double.NaN;
      case "Infinity" -> Double.POSITIVE_INFINITY;
      case "-Infinity" -> Double.NEGATIVE_INFINITY;
      default -> null;
    };
  }

  private static byte[] bytes(Object v, String path) {
    if (v instanceof String s) {
      try {
        return Base64.getDecoder().decode(s);
      } catch (IllegalArgumentException e) {
        throw new ValueException(
            "field '" + path + "' of type bytes is not base64: " + ValueText.kind(v));
      }
    }
    throw misfit(path, v, "bytes", "base64 text in a JSON string");
  }

  static ValueException misfit(String path, Object v, String type, String valid) {
    return new ValueException(
        "field '"
            + path
            + "' holds "
            + ValueText.kind(v)
            + ", which is not a "
            + type
            + "; valid: "
            + valid);
  }
}
