package io.vaultstream.model;

import java.io.Serializable;
import java.util.List;

/**
 * A reference table: keyed by its natural code columns (no hash key), historized like a satellite.
 *
 * @param columns the attribute columns, or {@code null} for every non-code column of the source
 */
public record ReferenceTable(String name, String source, List<String> code, List<String> columns)
    implements Serializable {
  public ReferenceTable {
    code = List.copyOf(code);
    columns = columns == null ? null : List.copyOf(columns);
  }
}
