package io.vaultstream.dialect;

/**
 * What planning and writing need of a target whatever holds the tables: the column types of the
 * vault's tables and the text forms of values. A {@link VaultDialect} is one for a relational
 * database; a lakehouse table format has its own.
 */
public interface VaultValues extends ColumnTypes, ValueTexts {}
