package io.vaultstream.model;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

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
 * @param audit the audit columns of each version, by what they hold ({@link #AUDIT_KINDS}): not
 *     hashed, written from the event that wrote the version; empty for none
 */
public record Satellite(
    String name,
    String parent,
    String source,
    List<String> columns,
    boolean deleteTracking,
    String via,
    List<String> multiActiveKey,
    Map<String, String> audit)
    implements Serializable {

  /** What an audit column may hold: the operation, the source position, the transaction id. */
  public static final List<String> AUDIT_KINDS = List.of("operation", "position", "transaction");

  public Satellite {
    columns = columns == null ? null : List.copyOf(columns);
    multiActiveKey = multiActiveKey == null ? List.of() : List.copyOf(multiActiveKey);
    audit =
        audit == null
            ? Map.of()
            : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(audit));
  }

  /** A satellite without audit columns. */
  public Satellite(
      String name,
      String parent,
      String source,
      List<String> columns,
      boolean deleteTracking,
      String via,
      List<String> multiActiveKey) {
    this(name, parent, source, columns, deleteTracking, via, multiActiveKey, Map.of());
  }

  /** A satellite fed by a source of its parent, with one active row per parent key. */
  public Satellite(
      String name, String parent, String source, List<String> columns, boolean deleteTracking) {
    this(name, parent, source, columns, deleteTracking, null, List.of(), Map.of());
  }

  /** Whether several rows per parent key are active at once (a multi-active satellite). */
  public boolean multiActive() {
    return !multiActiveKey.isEmpty();
  }
}
