package io.vaultstream.write;

import java.io.Serializable;

/**
 * How many columns the events may add to a table that takes its columns from events: per record and
 * per table. A topic writer could otherwise widen the vault without limit (PostgreSQL stops at
 * 1,600 columns and about 8 KB of row, MariaDB's InnoDB at about 400 text columns).
 *
 * @param perRecord the most columns one record may add
 * @param perTable the most columns a table may gain from events in all
 */
public record ColumnLimits(int perRecord, int perTable) implements Serializable {
  /** 100 per record, 250 per table. */
  public static final ColumnLimits DEFAULT = new ColumnLimits(100, 250);

  /** Checks the bounds. */
  public ColumnLimits {
    if (perRecord < 1 || perTable < 1 || perTable > 1_000) {
      throw new IllegalArgumentException(
          "column limits must be at least 1 (per table at most 1000): per record "
              + perRecord
              + ", per table "
              + perTable);
    }
  }
}
