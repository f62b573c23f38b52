package io.vaultstream.dialect;

import java.sql.SQLException;

/**
 * The load time of one transaction, as the database gives it in text, asked of the database once:
 * every bulk insert of the transaction writes it, and each reading is a round trip. One instance
 * per transaction; {@link #forget()} when it ends.
 */
public final class TransactionTime {
  /** Reads the transaction's time from the database. */
  public interface Read {
    String text() throws SQLException;
  }

  private String text;

  /** The transaction's time: read by {@code read} the first time, remembered after. */
  public String text(Read read) throws SQLException {
    if (text == null) {
      text = read.text();
    }
    return text;
  }

  /** The transaction ended: the next one reads its own time. */
  public void forget() {
    text = null;
  }
}
