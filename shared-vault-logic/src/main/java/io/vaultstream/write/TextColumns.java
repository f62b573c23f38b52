package io.vaultstream.write;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Rows gathered column by column as the dialect's canonical text: what a batch hands to a store
 * ({@link VaultStore}), which binds or converts them as its database needs ({@link JdbcRows} binds
 * one parameter per column).
 */
public final class TextColumns {
  private final List<String> names;
  private final List<List<String>> values = new ArrayList<>();

  public TextColumns(List<String> names) {
    this(names, 10);
  }

  /** Columns sized for {@code rows} rows, which they may exceed. */
  public TextColumns(List<String> names, int rows) {
    this.names = names;
    names.forEach(n -> values.add(new ArrayList<>(rows)));
  }

  /** Adds one row, values in the order of the names. */
  public void add(List<String> row) {
    for (int i = 0; i < names.size(); i++) {
      values.get(i).add(row.get(i));
    }
  }

  /** Number of rows. */
  public int size() {
    return values.isEmpty() ? 0 : values.get(0).size();
  }

  /** The column names. */
  public List<String> names() {
    return names;
  }

  /** The values, one list per column in the order of the names. */
  public List<List<String>> columns() {
    return Collections.unmodifiableList(values);
  }

  /** The value of row {@code row} in column {@code column} (both from 0). */
  public String value(int row, int column) {
    return values.get(column).get(row);
  }
}
