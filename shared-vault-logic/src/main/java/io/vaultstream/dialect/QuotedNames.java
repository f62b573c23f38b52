package io.vaultstream.dialect;

import java.util.List;

/**
 * How a dialect writes the names of schemas, tables and columns: what every statement is built on.
 */
public interface QuotedNames {

  /**
   * Quotes an identifier that was checked to be legal: by default the standard's delimited
   * identifier ({@code "name"}, a double quote doubled).
   */
  default String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }

  /** A qualified, quoted table name. */
  default String table(String schema, String table) {
    return schema == null || schema.isEmpty() ? quote(table) : quote(schema) + "." + quote(table);
  }

  /** Quoted identifiers, comma separated. */
  default String quoteAll(List<String> identifiers) {
    StringBuilder sb = new StringBuilder();
    for (String identifier : identifiers) {
      sb.append(sb.length() == 0 ? "" : ", ").append(quote(identifier));
    }
    return sb.toString();
  }

  /**
   * Quoted identifiers, each qualified by a table's alias, comma separated ({@code y."a", y."b"}).
   */
  default String qualifiedAll(String alias, List<String> identifiers) {
    StringBuilder sb = new StringBuilder();
    for (String identifier : identifiers) {
      sb.append(sb.length() == 0 ? "" : ", ").append(alias).append('.').append(quote(identifier));
    }
    return sb.toString();
  }
}
