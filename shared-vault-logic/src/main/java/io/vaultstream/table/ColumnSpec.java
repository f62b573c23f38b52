package io.vaultstream.table;

/**
 * One column of a vault table.
 *
 * @param type the SQL type as the dialect spells it
 */
public record ColumnSpec(String name, String type, boolean notNull) {}
