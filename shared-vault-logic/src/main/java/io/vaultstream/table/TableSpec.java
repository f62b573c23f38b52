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

  /**
   * Whether an existing table of this shape may gain the column when a model declares it later: an
   * attribute (nullable, not a key) of a satellite, reference table or non-historized link, whose
   * older rows simply lack it. A key or technical column cannot be added in place.
   */
  public boolean canGain(ColumnSpec c) {
    boolean historyOrEvents =
        kind == TableKind.SATELLITE
            || kind == TableKind.REFERENCE
            || kind == TableKind.NON_HISTORIZED_LINK;
    return historyOrEvents && !c.notNull() && !primaryKey.contains(c.name());
  }

  /** The column of this name, or null. */
  public ColumnSpec column(String name) {
    return columns.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
  }
}
