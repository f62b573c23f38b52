package io.vaultstream.dialect.mariadb;

import io.vaultstream.dialect.ValueExpressions;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The pieces every MariaDB statement of the dialect is built from. A batch's rows arrive as one
 * parameter, a JSON array of rows (each an array of texts or nulls), read by {@code JSON_TABLE};
 * each text is turned into the column's type where it is stored or compared, as the type's {@link
 * Kind} says. The types themselves are {@link MariaDbTypes}.
 */
interface MariaDbSyntax extends ValueExpressions, MariaDbTypes {

  /** What a type is, for the expressions built around it. */
  enum Kind {
    TEXT,
    ASCII,
    /** A model's uuid ({@link MariaDbTypes#UUID}): stored through {@code CAST(... AS UUID)}. */
    UUID,
    BINARY,
    INTEGER,
    DECIMAL,
    FLOAT,
    BOOLEAN,
    DATETIME,
    DATE,
    TIME
  }

  /** The kind of a MariaDB column type (as {@link #checkedType} writes it, or as the catalog). */
  static Kind kind(String type) {
    String t = type.toLowerCase(Locale.ROOT);
    if (t.equals("boolean") || t.startsWith("tinyint(1)")) {
      return Kind.BOOLEAN;
    }
    if (t.startsWith("binary") || t.startsWith("varbinary") || t.contains("blob")) {
      return Kind.BINARY;
    }
    if (t.startsWith("char(36) character set ascii")) {
      return Kind.UUID;
    }
    if (t.contains("ascii")) {
      return Kind.ASCII;
    }
    if (t.contains("int")) {
      return Kind.INTEGER;
    }
    if (t.startsWith("decimal") || t.startsWith("numeric")) {
      return Kind.DECIMAL;
    }
    if (t.startsWith("double") || t.startsWith("float") || t.startsWith("real")) {
      return Kind.FLOAT;
    }
    if (t.startsWith("datetime") || t.startsWith("timestamp")) {
      return Kind.DATETIME;
    }
    if (t.equals("date")) {
      return Kind.DATE;
    }
    if (t.startsWith("time")) {
      return Kind.TIME;
    }
    return Kind.TEXT;
  }

  /** The DECIMAL(p,s) of a decimal type, for casts ("DECIMAL(65,30)" when it names none). */
  private static String decimalOf(String type) {
    Matcher m = Pattern.compile("(?i)(?:decimal|numeric)(\\(\\d+(?:,\\d+)?\\))").matcher(type);
    return m.find() ? "DECIMAL" + m.group(1) : "DECIMAL(65,30)";
  }

  @Override
  default String quote(String identifier) {
    return "`" + identifier.replace("`", "``") + "`";
  }

  /**
   * A table reached by probes of one of its indexes: {@code FORCE INDEX}, so that no statistics (of
   * a table still small, or never analyzed) turn the probes into a scan.
   */
  default String probed(String schema, String table, String alias, String index) {
    return table(schema, table) + " AS " + alias + " FORCE INDEX (" + index + ")";
  }

  /**
   * The rows of the batch's one parameter as a table {@code alias}, a column per name. Each column
   * is text in the character set and collation of the column it meets, so that comparing it with an
   * indexed column keeps the index (a utf8mb4 value against an ascii column would not).
   */
  @Override
  default String batch(TableSpec t, List<String> columns, String alias) {
    List<String> defs = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      String c = columns.get(i);
      defs.add(quote(c) + " " + carrier(t.column(c).type()) + " PATH '$[" + i + "]'");
    }
    return "JSON_TABLE(?, '$[*]' COLUMNS (" + String.join(", ", defs) + ")) AS " + alias;
  }

  private static String carrier(String type) {
    // A uuid travels as utf8mb4 text, so that a value with other characters reaches the UUID cast
    // (and is refused there) instead of being turned into '?'s by a conversion to ascii.
    Kind k = kind(type);
    return k == Kind.ASCII || k == Kind.BINARY
        ? "VARCHAR(1024) CHARACTER SET ascii COLLATE ascii_bin"
        : "LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin";
  }

  /**
   * The value stored into a column of the type: the text itself, which the column converts (and, in
   * strict mode, refuses when it does not fit), but for binary (hex), uuid and boolean columns.
   */
  @Override
  default String fromText(String expr, String type) {
    return switch (kind(type)) {
      case BINARY -> "UNHEX(" + expr + ")";
      // Strict mode makes a text that is not a UUID fail the statement (1292), as PostgreSQL's
      // uuid input refuses it; a UUID is stored in its lower-case hyphenated form, as there.
      case UUID -> "CAST(" + expr + " AS UUID)";
      case BOOLEAN -> bool(expr);
      default -> expr;
    };
  }

  /** The text as a value of the column's type, for comparing it with the column. */
  default String typed(String expr, String type) {
    return switch (kind(type)) {
      case BINARY -> "UNHEX(" + expr + ")";
      case BOOLEAN -> bool(expr);
      case INTEGER -> "CAST(" + expr + " AS SIGNED)";
      case DECIMAL -> "CAST(" + expr + " AS " + decimalOf(type) + ")";
      case FLOAT -> "CAST(" + expr + " AS DOUBLE)";
      case DATETIME -> "CAST(" + expr + " AS DATETIME(6))";
      case DATE -> "CAST(" + expr + " AS DATE)";
      case TIME -> "CAST(" + expr + " AS TIME(6))";
      case UUID -> "CONVERT(" + expr + " USING ascii) COLLATE ascii_bin";
      default -> expr;
    };
  }

  /**
   * A parameter of the column's type, for comparing with the column in a derived table (text in the
   * column's own collation, as a parameter's would conflict with it there).
   */
  default String param(String type) {
    return switch (kind(type)) {
      case TEXT -> "CONVERT(? USING utf8mb4) COLLATE utf8mb4_bin";
      case ASCII, UUID -> "CONVERT(? USING ascii) COLLATE ascii_bin";
      default -> typed("?", type);
    };
  }

  private static String bool(String expr) {
    return "(CASE WHEN "
        + expr
        + " IN ('true', 't', '1') THEN 1 WHEN "
        + expr
        + " IN ('false', 'f', '0') THEN 0 END)";
  }

  /** {@code x.k = <batch's k>} for each key column: one index probe per batch row. */
  default String match(TableSpec t, List<String> keyColumns, String x, String u) {
    return keyColumns.stream()
        .map(c -> x + "." + quote(c) + " = " + typed(u + "." + quote(c), t.column(c).type()))
        .collect(Collectors.joining(" AND "));
  }

  @Override
  default String toText(String expr, String type) {
    return switch (kind(type)) {
      case BINARY -> "LOWER(HEX(" + expr + "))";
      case TEXT, ASCII, UUID -> expr;
      default -> asText(expr);
    };
  }

  @Override
  default String asText(String expr) {
    return "CAST(" + expr + " AS CHAR)";
  }

  /** Epoch microseconds of a DATETIME holding UTC (whatever the session's time zone). */
  @Override
  default String epochMicros(String expr) {
    return "TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', " + expr + ")";
  }

  /** The time a row is written, in UTC, to the microsecond. */
  @Override
  default String currentTime() {
    return "UTC_TIMESTAMP(6)";
  }
}
