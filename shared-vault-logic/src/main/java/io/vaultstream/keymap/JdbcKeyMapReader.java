package io.vaultstream.keymap;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Reads the key map from the target database inside the batch's transaction. */
public final class JdbcKeyMapReader implements KeyMapReader {
  private final Connection c;
  private final VaultDialect dialect;
  private final String sql;

  public JdbcKeyMapReader(Connection c, VaultDialect dialect, String schema) {
    this.c = c;
    this.dialect = dialect;
    this.sql = dialect.selectKeyMap(schema, VaultTables.KEY_MAP);
  }

  @Override
  public Map<String, TreeMap<Long, Map<String, String>>> read(String source, Set<String> pks) {
    Map<String, TreeMap<Long, Map<String, String>>> out = new HashMap<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, source);
      dialect.bindInParts(
          c,
          ps,
          2,
          List.of(List.copyOf(pks)),
          () -> {
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                out.computeIfAbsent(rs.getString(1), k -> new TreeMap<>())
                    .put(rs.getLong(2), KeyText.parseValues(rs.getString(3)));
              }
            }
          });
    } catch (SQLException e) {
      throw new ReadFailure(e);
    }
    return out;
  }

  /** Carries an SQL failure out of the reader's functional interface. */
  public static final class ReadFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ReadFailure(SQLException cause) {
      super(cause);
    }

    @Override
    public synchronized SQLException getCause() {
      return (SQLException) super.getCause();
    }
  }
}
