package io.vaultstream.table;

import java.util.List;

/**
 * The shape of one vault table.
 *
 * @param discoversColumns whether attribute columns are added from the events (the model does not
 *     list them)
 */
public record TableSpec(
    String name,
    TableKind kind,
    List<ColumnSpec> columns,
    List<String> primaryKey,
    boolean discoversColumns) {
  public TableSpec {
    columns = List.copyOf(columns);
    primaryKey = List.copyOf(primaryKey);
  }

  /** The column of this name, or null. */
  public ColumnSpec column(String name) {
    return columns.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
  }
}
