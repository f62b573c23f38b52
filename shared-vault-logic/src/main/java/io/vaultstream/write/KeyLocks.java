package io.vaultstream.write;

import io.vaultstream.dialect.VaultDialect;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/**
 * Transaction-scoped locks on the keys of a history table, taken before its history is read, so two
 * writers of one key read and merge its history one after the other. A satellite needs none: its
 * parent's upsert locks the parent row (ON CONFLICT DO UPDATE locks the row it conflicts with even
 * when its WHERE leaves the row unchanged), which orders the writers before the read. A reference
 * table has no parent row, so without them two writers of one code both merged against the history
 * before either had committed (duplicate or lost versions).
 *
 * <p>Keys are mapped to {@value #STRIPES} lock numbers per table: a database's lock table is shared
 * and small (PostgreSQL's default holds about 6,400 locks for all sessions, and ran out at 20,000
 * in one transaction), so a batch of thousands of codes must not take a lock per code. Two codes on
 * one stripe only make their writers wait for each other.
 */
final class KeyLocks {
  /** Lock numbers per table (a power of two). */
  static final int STRIPES = 256;

  private final VaultDialect dialect;

  KeyLocks(VaultDialect dialect) {
    this.dialect = dialect;
  }

  /** Locks the keys of {@code table} in {@code schema}, in ascending order of their numbers. */
  void lock(Connection c, String schema, String table, Collection<List<String>> keys)
      throws SQLException {
    String sql = dialect.lockKeys(schema);
    if (sql == null || keys.isEmpty()) {
      return;
    }
    TreeSet<Long> ids = new TreeSet<>();
    long space = (long) hash(schema + "." + table) << 32;
    for (List<String> key : keys) {
      ids.add(space | stripe(key));
    }
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      dialect.bindNumbers(c, ps, 1, ids);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          // each row is one lock taken
        }
      }
    }
  }

  /** The key's lock number within its table, the same in every JVM. */
  static long stripe(List<String> key) {
    int h = 1;
    for (String part : key) {
      h = 31 * h + (part == null ? 0 : hash(part));
    }
    return mix(h) & (STRIPES - 1);
  }

  /** FNV-1a of the UTF-8 bytes: the same in every JVM, so every loader locks the same number. */
  private static int hash(String s) {
    int h = 0x811c9dc5; // FNV-1a
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      h = (h ^ (b & 0xff)) * 0x01000193;
    }
    return h;
  }

  private static int mix(int h) {
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    return h ^ (h >>> 16);
  }
}
