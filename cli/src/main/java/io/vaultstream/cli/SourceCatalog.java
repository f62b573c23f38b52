package io.vaultstream.cli;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What a source PostgreSQL schema's catalog says about its tables, for {@code init}. */
final class SourceCatalog {
  /** One table: columns with types, primary key, unique constraints, foreign keys by name. */
  record Table(
      String name,
      Map<String, String> columns,
      List<String> pk,
      List<List<String>> uniques,
      Map<String, Fk> fks) {}

  /** A foreign key, named after its first column without "_id" (or the table it references). */
  record Fk(String name, List<String> columns, String references, List<String> referencedColumns) {}

  private SourceCatalog() {}

  /** The tables of {@code schema} that have a primary key (the others cannot be loaded). */
  static Map<String, Table> read(Connection c, String schema) throws SQLException {
    Map<String, Table> out = new LinkedHashMap<>();
    String cols =
        "SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a"
            + " JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace"
            + " WHERE n.nspname = ? AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT"
            + " a.attisdropped ORDER BY c.relname, a.attnum";
    for (String[] r : query(c, cols, schema)) {
      out.computeIfAbsent(
              r[0],
              t ->
                  new Table(
                      t,
                      new LinkedHashMap<>(),
                      new ArrayList<>(),
                      new ArrayList<>(),
                      new LinkedHashMap<>()))
          .columns()
          .put(r[1], r[2]);
    }
    String cons =
        "SELECT c.relname, k.conname, k.contype, (SELECT string_agg(a.attname, ',' ORDER BY"
            + " u.ord) FROM unnest(k.conkey) WITH ORDINALITY u(attnum, ord) JOIN pg_attribute a ON"
            + " a.attrelid = k.conrelid AND a.attnum = u.attnum), f.relname, (SELECT"
            + " string_agg(a.attname, ',' ORDER BY u.ord) FROM unnest(k.confkey) WITH ORDINALITY"
            + " u(attnum, ord) JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum ="
            + " u.attnum) FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN"
            + " pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_class f ON f.oid ="
            + " k.confrelid WHERE n.nspname = ? AND k.contype IN ('p', 'u', 'f') ORDER BY"
            + " c.relname, k.contype, k.conname";
    for (String[] r : query(c, cons, schema)) {
      Table t = out.get(r[0]);
      if (t == null) {
        continue;
      }
      List<String> colsOf = List.of(r[3].split(","));
      switch (r[2]) {
        case "p" -> t.pk().addAll(colsOf);
        case "u" -> t.uniques().add(colsOf);
        default -> {
          String name = fkName(r[4], colsOf);
          t.fks().put(name, new Fk(name, colsOf, r[4], List.of(r[5].split(","))));
        }
      }
    }
    out.values().removeIf(t -> t.pk().isEmpty());
    return out;
  }

  private static String fkName(String references, List<String> cols) {
    String c = cols.get(0);
    return c.endsWith("_id") ? c.substring(0, c.length() - 3) : EnglishNames.singular(references);
  }

  private static List<String[]> query(Connection c, String sql, String param) throws SQLException {
    List<String[]> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, param);
      try (ResultSet rs = ps.executeQuery()) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          String[] row = new String[n];
          for (int i = 0; i < n; i++) {
            row[i] = rs.getString(i + 1);
          }
          out.add(row);
        }
      }
    }
    return out;
  }
}
