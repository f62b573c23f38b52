package io.vaultstream.write;

import io.vaultstream.dialect.BulkInsert;
import io.vaultstream.dialect.EarliestWrite;
import io.vaultstream.dialect.TransactionTime;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.model.Naming;
import io.vaultstream.table.TableSpec;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;

/**
 * The vault rows of one batch in a relational database: each operation is the dialect's statement,
 * run on the batch's connection inside its transaction (the caller commits or rolls back).
 */
public final class JdbcVaultStore implements VaultStore {
  private final Connection c;
  private final VaultDialect dialect;
  private final String schema;
  private final Naming n;
  private final KeyLocks locks;
  private final TransactionTime time = new TransactionTime();
  private int savepoints;

  /** The store of the batch whose transaction {@code c} holds. */
  public JdbcVaultStore(Connection c, VaultDialect dialect, SchemaManager schema, Naming naming) {
    this.c = c;
    this.dialect = dialect;
    this.schema = schema.schema();
    this.n = naming;
    this.locks = new KeyLocks(dialect);
  }

  @Override
  public int upsertEarliest(TableSpec t, TextColumns rows, EarliestWrite.Changed changed)
      throws SQLException {
    List<String> cols = rows.names();
    EarliestWrite write =
        changed == null
            ? dialect.upsertEarliest(schema, t, cols, n.loadDts(), n.recordSource(), n.loadedAt())
            : dialect.upsertEarliestReturning(
                schema, t, cols, n.loadDts(), n.recordSource(), n.loadedAt());
    return JdbcRows.write(c, rows, write, changed == null ? (inserted, key) -> {} : changed);
  }

  /**
   * Savepoints one batch may take at most: each plain insert of new keys runs in a subtransaction,
   * and PostgreSQL keeps up to 64 of a transaction's in every snapshot before other sessions must
   * look them up on disk.
   */
  static final int MAX_SAVEPOINTS = 32;

  @Override
  public boolean insertsNewKeys() {
    try {
      return dialect.insertsNewKeysPlainly() && savepoints < MAX_SAVEPOINTS && !c.getAutoCommit();
    } catch (SQLException e) {
      return false;
    }
  }

  @Override
  public boolean insertNewKeys(TableSpec t, TextColumns rows, String loadedAt) throws SQLException {
    savepoints++;
    return JdbcRows.insertAllOrNone(
        c, dialect, rows, dialect.bulkInsert(schema, t, rows.names(), loadedAt), time);
  }

  @Override
  public int insert(TableSpec t, TextColumns rows, String loadedAt, boolean racing)
      throws SQLException {
    if (rows.size() == 0) {
      return 0;
    }
    if (racing) {
      return JdbcRows.execute(
          c, dialect, rows, dialect.insertIgnore(schema, t, rows.names(), loadedAt));
    }
    BulkInsert bulk = dialect.bulkInsert(schema, t, rows.names(), loadedAt);
    return bulk != null
        ? JdbcRows.insert(c, rows, bulk, time)
        : JdbcRows.execute(c, dialect, rows, dialect.insertNew(schema, t, rows.names(), loadedAt));
  }

  @Override
  public int deleteByKey(TableSpec t, TextColumns keys) throws SQLException {
    return keys.size() == 0
        ? 0
        : JdbcRows.execute(c, dialect, keys, dialect.deleteByKey(schema, t, keys.names()));
  }

  @Override
  public void readAround(
      TableSpec t,
      List<String> keyColumns,
      String time,
      List<String> read,
      TextColumns keys,
      RowReader reader)
      throws SQLException {
    if (keys.size() > 0) {
      JdbcRows.query(
          c,
          dialect,
          keys,
          dialect.selectHistoryAround(schema, t, keyColumns, time, read),
          rows(reader));
    }
  }

  @Override
  public void readDiffering(
      TableSpec t, String hashKey, List<String> attributes, TextColumns compared, RowReader reader)
      throws SQLException {
    if (compared.size() > 0) {
      JdbcRows.query(
          c,
          dialect,
          compared,
          dialect.selectDifferingRows(schema, t, hashKey, attributes),
          rows(reader));
    }
  }

  /** The batch's transaction ended (committed or rolled back): a next one has its own time. */
  public void transactionEnded() {
    time.forget();
    savepoints = 0;
  }

  @Override
  public void lockKeys(TableSpec t, Collection<List<String>> keys) throws SQLException {
    locks.lock(c, schema, t.name(), keys);
  }

  /** A result set's rows as the store's rows. */
  private static JdbcRows.RowReader rows(RowReader reader) {
    ResultRow row = new ResultRow();
    return rs -> {
      row.rs = rs;
      reader.read(row);
    };
  }

  /** The current row of a result set. */
  private static final class ResultRow implements StoredRow {
    private ResultSet rs;

    @Override
    public String text(int column) throws SQLException {
      return rs.getString(column);
    }

    @Override
    public long micros(int column) throws SQLException {
      return rs.getLong(column);
    }
  }
}
