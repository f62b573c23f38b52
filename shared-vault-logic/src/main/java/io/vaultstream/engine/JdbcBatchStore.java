package io.vaultstream.engine;

import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.event.Progress;
import io.vaultstream.keymap.JdbcKeyMapReader;
import io.vaultstream.keymap.KeyMapReader;
import io.vaultstream.model.Naming;
import io.vaultstream.waiting.WaitingRows;
import io.vaultstream.waiting.WaitingStore;
import io.vaultstream.write.JdbcVaultStore;
import io.vaultstream.write.SchemaManager;
import io.vaultstream.write.VaultStore;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

/** A batch's store in a relational database: everything on one connection, in its transaction. */
final class JdbcBatchStore implements BatchStore {
  private final Connection c;
  private final KeyMapReader keyMap;
  private final JdbcVaultStore vault;
  private final WaitingRows waiting;
  private final ProgressStore progress;
  private final WriterMarks marks;
  // The positions this transaction stored, to remember once it commits.
  private Progress stored;

  /** The parts that make a connection a batch's store. */
  record Parts(
      VaultDialect dialect,
      SchemaManager schema,
      Naming naming,
      WaitingStore waiting,
      ProgressStore progress,
      WriterMarks marks) {

    BatchStore on(Connection c) {
      return new JdbcBatchStore(c, this);
    }
  }

  private JdbcBatchStore(Connection c, Parts p) {
    this.c = c;
    this.keyMap = new JdbcKeyMapReader(c, p.dialect(), p.schema().schema());
    this.vault = new JdbcVaultStore(c, p.dialect(), p.schema(), p.naming());
    this.waiting = p.waiting().on(c);
    this.progress = p.progress();
    this.marks = p.marks();
  }

  @Override
  public Map<String, Long> writerMarks() throws SQLException {
    return marks.read(c);
  }

  @Override
  public void storeWriterMark(String writer, long mark, long nowMicros) throws SQLException {
    marks.store(c, writer, mark, nowMicros);
  }

  @Override
  public KeyMapReader keyMap() {
    return keyMap;
  }

  @Override
  public VaultStore vault() {
    return vault;
  }

  @Override
  public WaitingRows waiting() {
    return waiting;
  }

  @Override
  public void checkProgress(String consumer) throws SQLException {
    progress.check(c, consumer);
  }

  @Override
  public void storeProgress(Progress p, long nowMicros) throws SQLException {
    progress.store(c, p, nowMicros);
    stored = p;
  }

  @Override
  public void commit() throws SQLException {
    c.commit();
    vault.transactionEnded();
    progress.committed(stored);
    stored = null;
  }

  @Override
  public void rollback() throws SQLException {
    stored = null;
    c.rollback();
    vault.transactionEnded();
  }
}
