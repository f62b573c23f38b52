package io.vaultstream.dialect.postgres;

import io.vaultstream.dialect.ColumnTypes;
import io.vaultstream.dialect.ValueExpressions;
import io.vaultstream.model.TypeGrammar;
import io.vaultstream.table.TableSpec;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The pieces every PostgreSQL statement of the dialect is built from: names, column types, casts,
 * arrays.
 */
interface PostgresSyntax extends ValueExpressions, ColumnTypes {
  /** The collation the dialect gives its own key columns (see {@link #hashType}). */
  Pattern COLLATE_C = Pattern.compile("(?is)(.*?)\\s+collate\\s+\"C\"");

  /**
   * One type name without arguments, as information_schema reports a column's type ({@code
   * interval}, {@code inet}): it can name a type and nothing else, so it is safe to paste.
   */
  Pattern TYPE_NAME = Pattern.compile("(?i)[a-z_][a-z0-9_]{0,62}");

  /** The most bytes (UTF-8) of a name PostgreSQL keeps (NAMEDATALEN - 1). */
  int MAX_NAME_BYTES = 63;

  /**
   * PostgreSQL cuts a longer name to {@link #MAX_NAME_BYTES} bytes without an error, so two long
   * schema names could be one schema: such a name is refused.
   */
  @Override
  default String schemaNameProblem(String schema) {
    int bytes = schema.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    if (bytes > MAX_NAME_BYTES) {
      return "the target schema name '"
          + schema
          + "' has "
          + bytes
          + " bytes (UTF-8); PostgreSQL keeps at most 63 of a name and silently cuts the rest, so"
          + " give a name of at most 63 bytes";
    }
    return null;
  }

  @Override
  default String hashType(int hexLength, boolean binary) {
    // Hash keys are compared byte-wise: the "C" collation keeps index work cheap.
    return binary ? "bytea" : "varchar(" + hexLength + ") COLLATE \"C\"";
  }

  /** PostgreSQL spells its types as a model declares them. */
  @Override
  default String canonicalType(String type) {
    return TypeGrammar.canonical(type);
  }

  @Override
  default String textType() {
    return "text";
  }

  @Override
  default String keyTextType() {
    return "text COLLATE \"C\"";
  }

  @Override
  default String timestampType() {
    return "timestamptz";
  }

  @Override
  default String booleanType() {
    return "boolean";
  }

  @Override
  default String identityType() {
    return "bigserial";
  }

  @Override
  default String checkedType(String type) {
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

  /** Text as it is, bytea from hex, every other type by its input function ({@code CAST}). */
  @Override
  default String fromText(String expr, String type) {
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

  @Override
  default String toText(String expr, String type) {
    return type.equalsIgnoreCase("bytea") ? "encode(" + expr + ", 'hex')" : asText(expr);
  }

  @Override
  default String asText(String expr) {
    return expr + "::text";
  }

  @Override
  default String epochMicros(String expr) {
    return "round(extract(epoch FROM " + expr + ") * 1000000)::bigint";
  }

  /** The transaction's time: every row of a batch gets the same. */
  @Override
  default String currentTime() {
    return "now()";
  }

  /** One text array per column, spread by {@code unnest}. */
  @Override
  default String batch(TableSpec t, List<String> columns, String alias) {
    String arrays = columns.stream().map(c -> "?::text[]").collect(Collectors.joining(", "));
    return "unnest(" + arrays + ") AS " + alias + "(" + quoteAll(columns) + ")";
  }
}
