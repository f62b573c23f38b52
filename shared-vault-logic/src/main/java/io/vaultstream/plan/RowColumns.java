package io.vaultstream.plan;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.NamedValues;
import io.vaultstream.hash.CanonicalText;
import java.util.List;
import java.util.Map;

/**
 * A list of columns read from row images as canonical text. A decoded row image holds its values by
 * position under names its source's events share (until the source's schema changes): the columns'
 * positions are found once per such names instead of one lookup per column per event.
 */
final class RowColumns {
  private final NamedValues.Lookup lookup;

  RowColumns(List<String> columns) {
    this.lookup = new NamedValues.Lookup(columns);
  }

  /** The columns. */
  List<String> columns() {
    return lookup.names();
  }

  /** How many columns. */
  int size() {
    return lookup.size();
  }

  /**
   * The canonical text of each column's value in the event's row image, in the columns' order; null
   * where the value is NULL or the row has no such column.
   */
  String[] texts(ChangeEvent e) {
    Map<String, Object> row = e.row();
    String[] out = new String[lookup.size()];
    int[] at = lookup.positionsIn(row);
    for (int i = 0; i < out.length; i++) {
      out[i] = CanonicalText.of(lookup.get(row, at, i));
    }
    return out;
  }
}
