package io.vaultstream.write;

import io.vaultstream.ddl.DdlScript;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** What the database holds of the vault's tables: their columns and the loader's indexes. */
final class VaultCatalog {
  private final VaultDialect dialect;
  private final String schema;

  /** Per table, the columns marked as added after it was created, as the last read found them. */
  private final Map<String, java.util.Set<String>> added = new java.util.HashMap<>();

  /** The columns of a table marked as added after it was created ({@link #columns} reads them). */
  java.util.Set<String> addedColumns(String table) {
    return added.getOrDefault(table, java.util.Set.of());
  }

  VaultCatalog(VaultDialect dialect, String schema) {
    this.dialect = dialect;
    this.schema = schema;
  }

  /**
   * Whether every table of the model, every column of the loader's own tables and every index of
   * them exist.
   */
  boolean complete(
      Connection c, Collection<TableSpec> tables, Map<String, List<ColumnSpec>> inDatabase)
      throws SQLException {
    for (TableSpec t : tables) {
      List<ColumnSpec> existing = inDatabase.get(t.name());
      if (existing.isEmpty()) {
        return false;
      }
      if (t.kind() == io.vaultstream.table.TableKind.TECHNICAL) {
        for (ColumnSpec col : t.columns()) {
          if (existing.stream().noneMatch(e -> e.name().equals(col.name()))) {
            return false;
          }
        }
      }
    }
    return missingIndexes(c).isEmpty() && !lacksSupportTables(c);
  }

  /** Whether a table the dialect's own statements need (MariaDB's vs_locks) is missing. */
  boolean lacksSupportTables(Connection c) throws SQLException {
    for (String t : dialect.supportTables()) {
      if (columnsInDatabase(c, t).isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /** The names of the loader's indexes that the database lacks. */
  java.util.Set<String> missingIndexes(Connection c) throws SQLException {
    java.util.Set<String> out = new java.util.LinkedHashSet<>();
    Map<String, java.util.Set<String>> present = new java.util.HashMap<>();
    for (DdlScript.Index i : DdlScript.INDEXES) {
      java.util.Set<String> names = present.get(i.table());
      if (names == null) {
        names = indexesInDatabase(c, i.table());
        present.put(i.table(), names);
      }
      if (!names.contains(i.name())) {
        out.add(i.name());
      }
    }
    return out;
  }

  /** The columns each table of the model has in the database now (none for a missing table). */
  Map<String, List<ColumnSpec>> columns(Connection c, Collection<TableSpec> tables)
      throws SQLException {
    Map<String, List<ColumnSpec>> out = new java.util.HashMap<>();
    for (TableSpec t : tables) {
      out.put(t.name(), columnsInDatabase(c, t.name()));
    }
    return out;
  }

  private java.util.Set<String> indexesInDatabase(Connection c, String table) throws SQLException {
    java.util.Set<String> out = new java.util.HashSet<>();
    try (PreparedStatement ps = c.prepareStatement(dialect.selectIndexes())) {
      ps.setString(1, schema);
      ps.setString(2, table);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getString(1));
        }
      }
    }
    return out;
  }

  private List<ColumnSpec> columnsInDatabase(Connection c, String table) throws SQLException {
    List<ColumnSpec> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(dialect.selectColumns())) {
      ps.setString(1, schema);
      ps.setString(2, table);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(new ColumnSpec(rs.getString(1), rs.getString(2), false));
          if (VaultDialect.ADDED_COLUMN_MARK.equals(rs.getString(3))) {
            added.computeIfAbsent(table, k -> new java.util.HashSet<>()).add(rs.getString(1));
          }
        }
      }
    }
    return out;
  }

  /**
   * Whether the database lists the vault's schema (as a schema; a database without schemas, such as
   * MariaDB, lists none, and its script creates its database "if not exists" as before).
   */
  boolean schemaExists(Connection c) throws SQLException {
    if (schema == null || schema.isEmpty()) {
      return false;
    }
    try (java.sql.ResultSet rs = c.getMetaData().getSchemas()) {
      while (rs.next()) {
        if (schema.equals(rs.getString(1))) {
          return true;
        }
      }
    }
    return false;
  }
}
