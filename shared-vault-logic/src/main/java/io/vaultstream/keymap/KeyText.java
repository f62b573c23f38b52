package io.vaultstream.keymap;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vaultstream.event.JsonStrings;
import io.vaultstream.event.NamedValues;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The text forms of primary keys and key values stored in the key map. */
public final class KeyText {
  private static final ObjectMapper JSON = new ObjectMapper();

  private KeyText() {}

  /** A primary key as a JSON array of canonical values: {@code ["50","1"]}. */
  public static String pk(List<String> values) {
    // Written by hand: this runs several times per event.
    StringBuilder sb = new StringBuilder(values.size() * 12).append('[');
    for (int i = 0; i < values.size(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      string(sb, values.get(i));
    }
    return sb.append(']').toString();
  }

  /** {@link #pk(List)} of values in an array. */
  public static String pk(String[] values) {
    return pk(java.util.Arrays.asList(values));
  }

  /** Key values as a JSON object. */
  public static String values(Map<String, String> values) {
    StringBuilder sb = new StringBuilder(values.size() * 24).append('{');
    boolean first = true;
    for (Map.Entry<String, String> e : values.entrySet()) {
      if (!first) {
        sb.append(',');
      }
      first = false;
      string(sb, e.getKey());
      sb.append(':');
      string(sb, e.getValue());
    }
    return sb.append('}').toString();
  }

  private static void string(StringBuilder sb, String s) {
    JsonStrings.append(sb, s);
  }

  /**
   * Parses {@link #values(Map)}: a read-only map in the text's order, whose names are shared with
   * every other map of the same names ({@link NamedValues.Names#shared}): the key map's rows kept
   * in memory hold only their values.
   */
  public static Map<String, String> parseValues(String json) {
    // Read by hand: this runs for every key map entry read. Anything else than what values()
    // writes goes to Jackson.
    List<String> names = new ArrayList<>(2);
    List<String> values = new ArrayList<>(2);
    int[] at = {0};
    if (expect(json, at, '{')) {
      if (expect(json, at, '}')) {
        return at[0] == json.length() ? named(names, values) : jackson(json);
      }
      while (true) {
        String key = stringAt(json, at);
        if (key == null || !expect(json, at, ':')) {
          return jackson(json);
        }
        String value;
        if (json.startsWith("null", at[0])) {
          at[0] += 4;
          value = null;
        } else {
          value = stringAt(json, at);
          if (value == null) {
            return jackson(json);
          }
        }
        names.add(key);
        values.add(value);
        if (expect(json, at, ',')) {
          continue;
        }
        return expect(json, at, '}') && at[0] == json.length()
            ? named(names, values)
            : jackson(json);
      }
    }
    return jackson(json);
  }

  /** The names with their values; a name that repeats keeps its last value, as JSON readers do. */
  private static Map<String, String> named(List<String> names, List<String> values) {
    NamedValues.Names shared = NamedValues.Names.shared(names);
    if (shared == null) {
      Map<String, String> out = new LinkedHashMap<>();
      for (int i = 0; i < names.size(); i++) {
        out.put(names.get(i), values.get(i));
      }
      return out;
    }
    return new NamedValues<>(shared, values.toArray());
  }

  private static boolean expect(String s, int[] at, char c) {
    if (at[0] < s.length() && s.charAt(at[0]) == c) {
      at[0]++;
      return true;
    }
    return false;
  }

  /** A JSON string as {@link #string} writes it, or null when there is none at {@code at}. */
  private static String stringAt(String s, int[] at) {
    int i = at[0];
    if (i >= s.length() || s.charAt(i) != '"') {
      return null;
    }
    StringBuilder sb = null;
    int from = ++i;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == '"') {
        at[0] = i + 1;
        return sb == null ? s.substring(from, i) : sb.append(s, from, i).toString();
      }
      if (c == '\\') {
        if (sb == null) {
          sb = new StringBuilder();
        }
        sb.append(s, from, i);
        i = unescape(s, i, sb);
        if (i < 0) {
          return null;
        }
        from = i;
      } else {
        i++;
      }
    }
    return null;
  }

  /**
   * Appends the character the escape at {@code i} (a backslash) stands for; returns the index after
   * the escape, or -1 when it is not one {@link #string} writes.
   */
  private static int unescape(String s, int i, StringBuilder sb) {
    if (i + 1 >= s.length()) {
      return -1;
    }
    char e = s.charAt(i + 1);
    if (e == '"' || e == '\\') {
      sb.append(e);
      return i + 2;
    }
    if (e != 'u' || i + 6 > s.length()) {
      return -1;
    }
    try {
      sb.append((char) Integer.parseInt(s.substring(i + 2, i + 6), 16));
    } catch (NumberFormatException x) {
      return -1;
    }
    return i + 6;
  }

  private static Map<String, String> jackson(String json) {
    try {
      return JSON.readValue(json, new TypeReference<LinkedHashMap<String, String>>() {});
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("corrupt key map entry: " + json, e);
    }
  }
}
