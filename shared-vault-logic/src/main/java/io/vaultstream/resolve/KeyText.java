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
    return write(values);
  }

  /** Key values as a JSON object. */
  public static String values(Map<String, String> values) {
    return write(values);
  }

  /** Parses {@link #values(Map)}. */
  public static Map<String, String> parseValues(String json) {
    try {
      return JSON.readValue(json, new TypeReference<LinkedHashMap<String, String>>() {});
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("corrupt key map entry: " + json, e);
    }
  }

  private static String write(Object o) {
    try {
      return JSON.writeValueAsString(o);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
