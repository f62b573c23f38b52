package io.vaultstream.plan;

import io.vaultstream.event.NamedValues;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.Hub;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A row's business key values, and the hub rows and hash keys made of them. */
final class BusinessKeys {
  private BusinessKeys() {}

  /** The values of {@code cols} in a row's key columns, in that order (null where missing). */
  static List<String> values(Map<String, String> keys, List<String> cols) {
    List<String> out = new ArrayList<>(cols.size());
    for (int i = 0; i < cols.size(); i++) {
      out.add(keys.get(cols.get(i)));
    }
    return out;
  }

  /**
   * A hub's hash key, or null when the profile loads no row for the business key: every value NULL,
   * or only blanks, which a profile that trims and turns empty text into NULL takes as NULL.
   */
  static String hubKey(HashKeyCalculator hasher, Hub hub, List<String> bk) {
    if (hub.collisionCode() == null) {
      return hasher.hashKey(bk);
    }
    List<String> in = new ArrayList<>(bk.size() + 1);
    in.add(hub.collisionCode());
    in.addAll(bk);
    return hasher.hashKey(in);
  }

  /**
   * A hub row's business key columns and their values, under {@code names} (the hub's business key
   * columns, shared by all its rows) when there are such names.
   */
  static Map<String, String> hubValues(Hub hub, NamedValues.Names names, List<String> bk) {
    if (names != null && names.size() == bk.size()) {
      return new NamedValues<>(names, bk.toArray());
    }
    Map<String, String> out = new LinkedHashMap<>(BatchPlanner.capacity(bk.size()));
    for (int i = 0; i < bk.size(); i++) {
      out.put(hub.businessKey().get(i), bk.get(i));
    }
    return out;
  }

  /** Whether every value is NULL. */
  static boolean allNull(List<String> values) {
    for (int i = 0; i < values.size(); i++) {
      if (values.get(i) != null) {
        return false;
      }
    }
    return true;
  }
}
