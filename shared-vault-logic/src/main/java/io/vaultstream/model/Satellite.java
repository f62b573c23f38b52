package io.vaultstream.model;

import java.io.Serializable;
import java.util.List;

/**
 * A satellite of a hub, or of a link (a link satellite).
 *
 * @param columns the attribute columns, or {@code null} for the default (every non-key column of
 *     the source)
 * @param via the foreign key of the source that reaches the parent hub's source (the parent's
 *     business key is then resolved through the key map, as for a link end), or {@code null} when
 *     the source feeds the parent itself
 * @param multiActiveKey the columns that tell apart the several active rows of one parent key (a
 *     multi-active satellite: one version is a whole set of rows); empty for a plain satellite
 */
public record Satellite(
    String name,
    String parent,
    String source,
    List<String> columns,
    boolean deleteTracking,
    String via,
    List<String> multiActiveKey)
    implements Serializable {
  public Satellite {
    columns = columns == null ? null : List.copyOf(columns);
    multiActiveKey = multiActiveKey == null ? List.of() : List.copyOf(multiActiveKey);
  }

  /** A satellite fed by a source of its parent, with one active row per parent key. */
  public Satellite(
      String name, String parent, String source, List<String> columns, boolean deleteTracking) {
    this(name, parent, source, columns, deleteTracking, null, List.of());
  }

  /** Whether several rows per parent key are active at once (a multi-active satellite). */
  public boolean multiActive() {
    return !multiActiveKey.isEmpty();
  }
}
