package io.vaultstream.resolve;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
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
    if (s == null) {
      sb.append("null");
      return;
    }
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        default -> {
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append('"');
  }

  /** Parses {@link #values(Map)}. */
  public static Map<String, String> parseValues(String json) {
    try {
      return JSON.readValue(json, new TypeReference<LinkedHashMap<String, String>>() {});
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("corrupt key map entry: " + json, e);
    }
  }
}
