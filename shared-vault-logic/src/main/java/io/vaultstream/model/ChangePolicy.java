package io.vaultstream.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What the loader does with an update or delete of a non-historized link's source row (the link
 * keeps the first row of each key): the model's {@code onChange}.
 */
public enum ChangePolicy {
  /** The event becomes an error row (code {@code NON_HISTORIZED_CHANGE}); the default. */
  ERROR("error"),
  /** The event is counted and noted in {@code vs_set_aside}, and loads nothing for the link. */
  IGNORE("ignore"),
  /** Every version of the link's attributes, deletes too, goes to a satellite of the link. */
  SATELLITE("satellite");

  private final String id;

  ChangePolicy(String id) {
    this.id = id;
  }

  /** The name used in models. */
  public String id() {
    return id;
  }

  /** Whether a change is set aside (an error row, or ignored) rather than kept in the vault. */
  public boolean setsAside() {
    return this != SATELLITE;
  }

  /**
   * The policy of a model value, case-insensitive.
   *
   * @throws IllegalArgumentException naming the valid values
   */
  public static ChangePolicy parse(String value) {
    for (ChangePolicy p : values()) {
      if (p.id.equalsIgnoreCase(value.trim())) {
        return p;
      }
    }
    throw new IllegalArgumentException(
        "unknown onChange '"
            + value
            + "'; valid: "
            + Arrays.stream(values()).map(ChangePolicy::id).collect(Collectors.joining(", ")));
  }

  @Override
  public String toString() {
    return id.toLowerCase(Locale.ROOT);
  }
}
