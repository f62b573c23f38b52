package io.vaultstream.cli;

import io.vaultstream.dialect.VaultDialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What a source schema's catalog says about its tables, for {@code init}. */
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

  /** One constraint's columns as the catalog lists them, in order. */
  private record Constraint(
      String table, String kind, List<String> columns, String references, List<String> refCols) {}

  private SourceCatalog() {}

  /** The tables of {@code schema} that have a primary key (the others cannot be loaded). */
  static Map<String, Table> read(Connection c, VaultDialect d, String schema) throws SQLException {
    Map<String, Table> out = new LinkedHashMap<>();
    for (String[] r : Queries.rows(c, d.selectSourceColumns(), schema)) {
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
    for (Constraint k : constraints(c, d, schema)) {
      Table t = out.get(k.table());
      if (t == null) {
        continue;
      }
      switch (k.kind()) {
        case "p" -> t.pk().addAll(k.columns());
        case "u" -> t.uniques().add(k.columns());
        default -> {
          String name = fkName(k.references(), k.columns());
          t.fks().put(name, new Fk(name, k.columns(), k.references(), k.refCols()));
        }
      }
    }
    out.values().removeIf(t -> t.pk().isEmpty());
    return out;
  }

  /** The constraints, each with its columns gathered from the catalog's rows (one per column). */
  private static List<Constraint> constraints(Connection c, VaultDialect d, String schema)
      throws SQLException {
    Map<List<String>, Constraint> byName = new LinkedHashMap<>();
    for (String[] r : Queries.rows(c, d.selectSourceConstraints(), schema)) {
      byName
          .computeIfAbsent(
              List.of(r[0], r[2], r[1]),
              k -> new Constraint(r[0], r[2], new ArrayList<>(), r[4], new ArrayList<>()))
          .columns()
          .add(r[3]);
      if (r[5] != null) {
        byName.get(List.of(r[0], r[2], r[1])).refCols().add(r[5]);
      }
    }
    return new ArrayList<>(byName.values());
  }

  private static String fkName(String references, List<String> cols) {
    String c = cols.get(0);
    return c.endsWith("_id") ? c.substring(0, c.length() - 3) : EnglishNames.singular(references);
  }
}
