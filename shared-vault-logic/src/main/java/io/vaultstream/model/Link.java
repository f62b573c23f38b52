package io.vaultstream.model;

import java.io.Serializable;
import java.util.List;

/**
 * A link (or, for a non-historized link, a transaction link carrying its attributes).
 *
 * @param columns attribute columns of a non-historized link; empty for a plain link
 * @param nonHistorized whether one row per source event is kept with its attributes
 */
public record Link(
    String name,
    String hashKey,
    String source,
    List<LinkEnd> hubs,
    List<String> dependentChildKey,
    List<String> columns,
    boolean nonHistorized)
    implements Serializable {
  public Link {
    hubs = List.copyOf(hubs);
    dependentChildKey = List.copyOf(dependentChildKey);
    columns = List.copyOf(columns);
  }
}
