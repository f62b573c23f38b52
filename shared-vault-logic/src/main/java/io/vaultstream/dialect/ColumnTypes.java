package io.vaultstream.dialect;

/**
 * The column types a dialect gives the vault's tables, and the checks on the names and types that
 * come from events and models. Part of {@link VaultDialect}.
 */
public interface ColumnTypes {

  String hashType(int hexLength, boolean binary);

  String textType();

  /** Text compared byte-wise, for the engine's own key columns. */
  String keyTextType();

  String timestampType();

  /**
   * The type of the loader's short codes (an error code, a waiting row's state), which its indexes
   * and keys hold; by default {@link #textType}.
   */
  default String codeType() {
    return textType();
  }

  String booleanType();

  /** An auto-incremented integer column type. */
  String identityType();

  /**
   * Why a column name taken from events cannot be a column of this database, or null when it can.
   * Names are checked before any schema change, so a name the database would refuse makes its
   * record a bad record instead of a failed {@code ALTER TABLE}.
   */
  default String columnNameProblem(String name) {
    return null;
  }

  /**
   * Why a target schema name is too long for this database, or null when it fits; by default no
   * limit is known.
   */
  default String schemaNameProblem(String schema) {
    return null;
  }

  /**
   * The form in which the database compares column names: two names with the same form are one
   * column (PostgreSQL compares quoted names exactly).
   */
  default String columnNameKey(String name) {
    return name;
  }

  /**
   * The type, unchanged, when the dialect may paste it into DDL and casts; otherwise an {@link
   * IllegalArgumentException} naming it. Every path that puts a column type into SQL calls it, so a
   * model that bypassed validation still cannot inject SQL through a type.
   */
  String checkedType(String type);

  /**
   * A column type (as {@link DdlStatements#selectColumns} lists it, or as this dialect writes a
   * model's type) in the model's canonical spelling ({@link
   * io.vaultstream.model.TypeGrammar#canonical}), or null when it has none: two types are compared
   * in this form.
   */
  default String canonicalType(String type) {
    return io.vaultstream.model.TypeGrammar.canonical(type);
  }

  /**
   * The most characters of key text (a key as the key map stores it) the key columns hold, where
   * their index limits them below the engine's own bound of 2,000 bytes (MariaDB: 380); a longer
   * key is refused when decoded.
   */
  default int maxKeyChars() {
    return Integer.MAX_VALUE;
  }
}
