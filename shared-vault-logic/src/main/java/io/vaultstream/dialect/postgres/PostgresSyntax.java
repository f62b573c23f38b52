package io.vaultstream.dialect.postgres;

import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.model.TypeGrammar;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** The pieces every PostgreSQL statement of the dialect is built from: names, casts, arrays. */
final class PostgresSyntax {
  /** The collation the dialect gives its own key columns (see {@link PostgresDialect#hashType}). */
  private static final Pattern COLLATE_C = Pattern.compile("(?is)(.*?)\\s+collate\\s+\"C\"");

  /**
   * One type name without arguments, as information_schema reports a column's type ({@code
   * interval}, {@code inet}): it can name a type and nothing else, so it is safe to paste.
   */
  private static final Pattern TYPE_NAME = Pattern.compile("(?i)[a-z_][a-z0-9_]{0,62}");

  private PostgresSyntax() {}

  static String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }

  /** A qualified, quoted table name (as {@link VaultDialect#table}). */
  static String table(String schema, String table) {
    return schema == null || schema.isEmpty() ? quote(table) : quote(schema) + "." + quote(table);
  }

  static String list(List<String> cols) {
    return cols.stream().map(PostgresSyntax::quote).collect(Collectors.joining(", "));
  }

  /** See {@link VaultDialect#checkedType}. */
  static String checkedType(String type) {
    if (type != null) {
      Matcher collated = COLLATE_C.matcher(type.strip());
      String base = (collated.matches() ? collated.group(1) : type).strip();
      if (TypeGrammar.isValid(base) || TYPE_NAME.matcher(base).matches()) {
        return type;
      }
    }
    String shown = type == null || type.length() <= 60 ? type : type.substring(0, 60) + "...";
    throw new IllegalArgumentException(
        "The column type '"
            + shown
            + "' is refused: it is not a type name nor one of the forms a model may declare ("
            + TypeGrammar.VALID_FORMS
            + "); no SQL was built with it");
  }

  /** The expression that turns canonical text into a value of the column's type. */
  static String fromText(String expr, String type) {
    String t = checkedType(type).toLowerCase(Locale.ROOT);
    int collate = t.indexOf(" collate ");
    if (collate > 0) {
      t = t.substring(0, collate);
    }
    if (t.equals("text") || t.startsWith("varchar") || t.startsWith("character varying")) {
      return expr;
    }
    if (t.equals("bytea")) {
      return "decode(" + expr + ", 'hex')";
    }
    return "CAST(" + expr + " AS " + type + ")";
  }

  /** The expression that reads a column back as canonical text. */
  static String toText(String expr, String type) {
    return type.equalsIgnoreCase("bytea") ? "encode(" + expr + ", 'hex')" : expr + "::text";
  }

  /** An epoch-microseconds bigint of a timestamp expression. */
  static String epochMicros(String expr) {
    return "round(extract(epoch FROM " + expr + ") * 1000000)::bigint";
  }

  static String unnestSelect(TableSpec t, List<String> columns, String alias) {
    List<String> exprs = new ArrayList<>();
    for (String c : columns) {
      exprs.add(fromText(alias + "." + quote(c), t.column(c).type()));
    }
    return String.join(", ", exprs);
  }

  static String unnestFrom(List<String> columns, String alias) {
    String arrays = columns.stream().map(c -> "?::text[]").collect(Collectors.joining(", "));
    return "unnest(" + arrays + ") AS " + alias + "(" + list(columns) + ")";
  }
}
