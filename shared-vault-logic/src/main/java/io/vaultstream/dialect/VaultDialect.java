package io.vaultstream.dialect;

/**
 * The SQL of one database family. Stateless; chosen from the JDBC URL through {@link
 * java.util.ServiceLoader}. Every value is passed as canonical text and cast in SQL; a batch's
 * columns are bound by {@link TextValues#bindColumns}. The methods come in groups, one interface
 * each: the session ({@link SessionSettings}), the vault's tables ({@link DdlStatements}, with
 * {@link ColumnTypes}), loading ({@link RowStatements}), the loader's own tables ({@link
 * QueueStatements}), the operator commands ({@link OperatorStatements}), values ({@link
 * TextValues}) and failures ({@link SqlStates}). Where standard SQL serves, a group writes it once
 * over {@link #quote}; a dialect overrides only what its database does differently.
 */
public interface VaultDialect
    extends SessionSettings,
        DdlStatements,
        RowStatements,
        QueueStatements,
        OperatorStatements,
        TextValues,
        SqlStates,
        VaultValues {

  /** A short name for logs and configuration ("postgresql"). */
  @Override
  String name();

  /** Whether this dialect serves the JDBC URL. */
  boolean accepts(String jdbcUrl);
}
