package io.vaultstream.dialect;

import io.vaultstream.table.TableSpec;
import java.util.List;

/**
 * The expressions every statement is built from besides names: a value given as canonical text
 * turned into a column's type and read back as text, a time in epoch microseconds, the current
 * time, and a batch bound as parameters read as a table. The statement groups' default methods are
 * written over these; a dialect writes each once. Part of {@link VaultDialect}.
 */
public interface ValueExpressions extends QuotedNames {

  /**
   * The value a column of {@code type} stores (or compares with) for {@code expr}, an expression of
   * canonical text (PostgreSQL: {@code CAST(expr AS type)}, no cast for text).
   */
  String fromText(String expr, String type);

  /** A column of {@code type} read back as canonical text. */
  String toText(String expr, String type);

  /** Any value as text, where the statement does not know its column's type (the loader's own). */
  String asText(String expr);

  /** Epoch microseconds (a 64-bit integer) of a timestamp expression holding UTC. */
  String epochMicros(String expr);

  /** The time a row is written, as the load time column takes it. */
  String currentTime();

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
