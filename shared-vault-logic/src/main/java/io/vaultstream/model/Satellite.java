package io.vaultstream.model;

import java.io.Serializable;
import java.util.List;

/**
 * A satellite of a hub, or of a link (a link satellite).
 *
 * @param columns the attribute columns, or {@code null} for the default (every non-key column of
 *     the source)
 */
public record Satellite(
    String name, String parent, String source, List<String> columns, boolean deleteTracking)
    implements Serializable {
  public Satellite {
    columns = columns == null ? null : List.copyOf(columns);
  }
}
