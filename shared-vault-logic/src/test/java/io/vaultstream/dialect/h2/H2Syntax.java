package io.vaultstream.dialect.h2;

import io.vaultstream.dialect.ValueExpressions;
import io.vaultstream.table.TableSpec;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The pieces every H2 statement is built from where H2 is not the SQL standard: hex read as bytes
 * and bytes read back as hex, epoch microseconds, and a batch as one array parameter per column,
 * read by {@code UNNEST}. The column types are the standard's.
 */
interface H2Syntax extends ValueExpressions {

  /** The function that reads hex text as bytes (created by every connection). */
  String HEX_BYTES = "vs_hex_bytes";

  /** H2 casts text to binary by its UTF-8 bytes: hex goes through {@link #HEX_BYTES}. */
  @Override
  default String fromText(String expr, String type) {
    return checkedType(type).startsWith("BINARY")
        ? HEX_BYTES + "(" + expr + ")"
        : ValueExpressions.super.fromText(expr, type);
  }

  @Override
  default String toText(String expr, String type) {
    return checkedType(type).startsWith("BINARY")
        ? "LOWER(RAWTOHEX(" + expr + "))"
        : ValueExpressions.super.toText(expr, type);
  }

  @Override
  default String epochMicros(String expr) {
    return "DATEDIFF(MICROSECOND, TIMESTAMP WITH TIME ZONE '1970-01-01 00:00:00+00', " + expr + ")";
  }

  /** One text array per column, spread by {@code UNNEST}. */
  @Override
  default String batch(TableSpec t, List<String> columns, String alias) {
    String arrays =
        columns.stream()
            .map(c -> "CAST(? AS CHARACTER VARYING ARRAY)")
            .collect(Collectors.joining(", "));
    return "UNNEST(" + arrays + ") AS " + alias + "(" + quoteAll(columns) + ")";
  }

  /** The numbers bound by {@link H2Values#bindNumbers}, as a table {@code u(v)}. */
  default String numbers() {
    return "UNNEST(CAST(? AS BIGINT ARRAY)) AS u(v)";
  }
}
