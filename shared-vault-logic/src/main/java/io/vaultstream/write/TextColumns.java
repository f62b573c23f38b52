package io.vaultstream.write;

import io.vaultstream.dialect.RowMajorColumns;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.RandomAccess;

/**
 * Rows of the dialect's canonical text: what a batch hands to a store ({@link VaultStore}), which
 * binds or converts them as its database needs ({@link JdbcRows} binds one parameter per column).
 * The rows are kept as they were added, and read column by column through views: adding a row
 * copies nothing, and a {@code COPY} reads the rows themselves ({@link RowMajorColumns}).
 */
public final class TextColumns {
  private final List<String> names;
  private final ArrayList<List<String>> rows;

  public TextColumns(List<String> names) {
    this(names, 10);
  }

  /** Columns sized for {@code rows} rows, which they may exceed. */
  public TextColumns(List<String> names, int rows) {
    this.names = names;
    this.rows = new ArrayList<>(rows);
  }

  /**
   * Adds one row, values in the order of the names (more after them are ignored). The row is kept
   * as given, not copied: it must not change after.
   */
  public void add(List<String> row) {
    if (row.size() < names.size()) {
      throw new IllegalArgumentException(
          row.size() + " values for the " + names.size() + " columns " + names);
    }
    rows.add(row);
  }

  /** Number of rows. */
  public int size() {
    return rows.size();
  }

  /** The column names. */
  public List<String> names() {
    return names;
  }

  /** The values, one list per column in the order of the names (views of the rows). */
  public List<List<String>> columns() {
    return new Columns();
  }

  /** The value of row {@code row} in column {@code column} (both from 0). */
  public String value(int row, int column) {
    return rows.get(row).get(column);
  }

  /** The columns as views of the rows, which also hand out the rows themselves. */
  private final class Columns extends AbstractList<List<String>>
      implements RandomAccess, RowMajorColumns {
    @Override
    public List<String> get(int column) {
      if (column < 0 || column >= names.size()) {
        throw new IndexOutOfBoundsException(column);
      }
      return new Column(column);
    }

    @Override
    public int size() {
      return names.size();
    }

    @Override
    public List<List<String>> rows() {
      return Collections.unmodifiableList(rows);
    }
  }

  /** One column's values, read from the rows. */
  private final class Column extends AbstractList<String> implements RandomAccess {
    private final int column;

    Column(int column) {
      this.column = column;
    }

    @Override
    public String get(int row) {
      return rows.get(row).get(column);
    }

    @Override
    public int size() {
      return rows.size();
    }

    @Override
    public Object[] toArray() {
      return toArray(new Object[0]);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T[] toArray(T[] a) {
      int n = rows.size();
      Object[] out =
          a.length >= n
              ? a
              : (Object[]) java.lang.reflect.Array.newInstance(a.getClass().getComponentType(), n);
      for (int r = 0; r < n; r++) {
        out[r] = rows.get(r).get(column);
      }
      if (out.length > n) {
        out[n] = null;
      }
      return (T[]) out;
    }
  }
}
