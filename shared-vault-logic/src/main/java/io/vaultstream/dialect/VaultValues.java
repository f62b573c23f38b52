package io.vaultstream.dialect;

/**
 * What planning and writing need of a target whatever holds the tables: the column types of the
 * vault's tables and the text forms of values. A {@link VaultDialect} is one for a relational
 * database; a lakehouse table format has its own.
 */
public interface VaultValues extends ColumnTypes, ValueTexts {

  /**
   * Whether the engine checks each event's values against the types of the columns they go to
   * before planning ({@link #valueProblem}): for a target that writes a batch's rows of a table in
   * one statement and cannot refuse one of them on its own. A relational database refuses the value
   * in its statement, and the engine finds the event by loading the batch in parts: false.
   */
  default boolean checksValues() {
    return false;
  }

  /**
   * Why a column of {@code type} (one of this target's types) cannot hold the value of canonical
   * text {@code text}, or null when it can (always, for a target that does not check values).
   */
  default String valueProblem(String type, String text) {
    return null;
  }
}
