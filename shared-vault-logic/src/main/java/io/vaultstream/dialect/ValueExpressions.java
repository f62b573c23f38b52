package io.vaultstream.dialect;

import io.vaultstream.table.TableSpec;
import java.util.List;
import java.util.Locale;

/**
 * The expressions every statement is built from besides names: a value given as canonical text
 * turned into a column's type and read back as text, a time in epoch microseconds, the current
 * time, and a batch bound as parameters read as a table. The statement groups' default methods are
 * written over these; a dialect writes each once. Part of {@link VaultDialect}.
 */
public interface ValueExpressions extends QuotedNames, ColumnTypes {

  /**
   * The value a column of {@code type} stores (or compares with) for {@code expr}, an expression of
   * canonical text: by default {@code CAST(expr AS type)}, no cast for character types. The
   * standard has no way to read hex text as bytes: a dialect whose model may hold binary columns
   * (bytea, binary hash keys) overrides it for them.
   */
  default String fromText(String expr, String type) {
    String t = checkedType(type);
    String upper = t.toUpperCase(Locale.ROOT);
    if (upper.startsWith("BINARY")) {
      throw new IllegalArgumentException(noHex(t));
    }
    return upper.startsWith("CHARACTER") ? expr : "CAST(" + expr + " AS " + t + ")";
  }

  /**
   * A column of {@code type} read back as canonical text: by default {@link #asText}, a boolean as
   * {@code true} or {@code false}; binary columns need the dialect's own (lower-case hex).
   */
  default String toText(String expr, String type) {
    String t = checkedType(type).toUpperCase(Locale.ROOT);
    if (t.startsWith("BINARY")) {
      throw new IllegalArgumentException(noHex(t));
    }
    return t.equals("BOOLEAN")
        ? "CASE WHEN " + expr + " IS NULL THEN NULL WHEN " + expr + " THEN 'true' ELSE 'false' END"
        : asText(expr);
  }

  private static String noHex(String type) {
    return "the dialect has no expression between hex text and its binary type "
        + type
        + ": override fromText and toText for it";
  }

  /**
   * Any value as text, where the statement does not know its column's type (the loader's own): by
   * default {@code CAST(expr AS} {@link #textType}{@code )}.
   */
  default String asText(String expr) {
    return "CAST(" + expr + " AS " + textType() + ")";
  }

  /** Epoch microseconds (a 64-bit integer) of a timestamp expression holding UTC. */
  String epochMicros(String expr);

  /** The time a row is written, as the load time column takes it: by default the transaction's. */
  default String currentTime() {
    return "CURRENT_TIMESTAMP";
  }

  /**
   * The rows of a batch, bound as {@link TextValues#bindColumns} binds {@code columns} (of {@code
   * t}, whose types say how each travels), as a table {@code alias} with a text column per name.
   */
  String batch(TableSpec t, List<String> columns, String alias);

  /** A string literal of {@code text}: a quote doubled, as standard SQL writes it. */
  default String stringLiteral(String text) {
    return "'" + text.replace("'", "''") + "'";
  }
}
