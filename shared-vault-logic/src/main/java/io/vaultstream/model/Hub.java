package io.vaultstream.model;

import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A hub: one row per business key.
 *
 * @param sources per feeding source table, its columns that carry the business key, in the order of
 *     {@link #businessKey()}
 * @param collisionCode optional business-key collision code (VaultSpeed's source prefix), hashed in
 *     front of the business key values
 */
public record Hub(
    String name,
    String hashKey,
    List<String> businessKey,
    Map<String, List<String>> sources,
    String collisionCode)
    implements Serializable {
  public Hub {
    businessKey = List.copyOf(businessKey);
    sources = Collections.unmodifiableMap(new LinkedHashMap<>(sources));
  }
}
