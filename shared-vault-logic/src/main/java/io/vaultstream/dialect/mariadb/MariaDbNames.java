package io.vaultstream.dialect.mariadb;

import io.vaultstream.dialect.ColumnTypes;

/**
 * MariaDB's rules for column names ({@link ColumnTypes#columnNameProblem} and {@link
 * ColumnTypes#columnNameKey}), which are narrower than PostgreSQL's: at most 64 characters, none
 * outside the Basic Multilingual Plane (identifiers are utf8mb3) and no control characters, no
 * trailing space, and names compared without case ({@code Name} and {@code name} are one column,
 * {@code é} and {@code É} too, {@code é} and {@code e} not).
 */
interface MariaDbNames extends ColumnTypes {
  /** The longest column name, in characters. */
  int MAX_CHARS = 64;

  /** Why MariaDB refuses the name as a column name, or null. */
  @Override
  default String columnNameProblem(String name) {
    if (name.endsWith(" ")) {
      return "MariaDB refuses column names that end with a space";
    }
    int chars = name.codePointCount(0, name.length());
    if (chars > MAX_CHARS) {
      return "MariaDB's column names have at most " + MAX_CHARS + " characters, this one " + chars;
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
        return String.format(
            "MariaDB refuses control characters in column names (U+%04X)", (int) c);
      }
      if (Character.isSurrogate(c)) {
        return String.format(
            "MariaDB's column names hold only characters up to U+FFFF, this one U+%X",
            name.codePointAt(i));
      }
    }
    return null;
  }

  /**
   * A schema is a MariaDB database, whose name has at most {@link #MAX_CHARS} characters; the
   * server refuses a longer one only when the DDL runs, so it is refused before.
   */
  @Override
  default String schemaNameProblem(String schema) {
    int chars = schema.codePointCount(0, schema.length());
    if (chars > MAX_CHARS) {
      return "the target schema name '"
          + schema
          + "' has "
          + chars
          + " characters; a MariaDB database name has at most "
          + MAX_CHARS;
    }
    return null;
  }

  /** The name as MariaDB compares it: each character upper-cased on its own. */
  @Override
  default String columnNameKey(String name) {
    StringBuilder sb = new StringBuilder(name.length());
    for (int i = 0; i < name.length(); i++) {
      sb.append(Character.toUpperCase(name.charAt(i)));
    }
    return sb.toString();
  }
}
