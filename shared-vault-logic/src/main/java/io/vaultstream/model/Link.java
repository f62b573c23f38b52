package io.vaultstream.model;

import java.io.Serializable;
import java.util.List;

/**
 * A link (or, for a non-historized link, a transaction link carrying its attributes).
 *
 * @param columns attribute columns of a non-historized link; empty for a plain link
 * @param nonHistorized whether one row per source event is kept with its attributes
 * @param onChange for a non-historized link: what an update or delete of its source row does
 * @param changeSatellite for {@link ChangePolicy#SATELLITE}: the satellite that keeps every version
 *     of the link's attributes; otherwise {@code null}
 */
public record Link(
    String name,
    String hashKey,
    String source,
    List<LinkEnd> hubs,
    List<String> dependentChildKey,
    List<String> columns,
    boolean nonHistorized,
    ChangePolicy onChange,
    String changeSatellite)
    implements Serializable {
  public Link {
    hubs = List.copyOf(hubs);
    dependentChildKey = List.copyOf(dependentChildKey);
    columns = List.copyOf(columns);
    onChange = onChange == null ? ChangePolicy.ERROR : onChange;
  }

  /** A link with the default {@code onChange} ({@link ChangePolicy#ERROR}). */
  public Link(
      String name,
      String hashKey,
      String source,
      List<LinkEnd> hubs,
      List<String> dependentChildKey,
      List<String> columns,
      boolean nonHistorized) {
    this(
        name,
        hashKey,
        source,
        hubs,
        dependentChildKey,
        columns,
        nonHistorized,
        ChangePolicy.ERROR,
        null);
  }

  /** Whether updates and deletes of this non-historized link's source are set aside. */
  public boolean setsChangesAside() {
    return nonHistorized && onChange.setsAside();
  }
}
