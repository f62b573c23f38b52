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
  private final List<String> columns;
  // The positions under the two names met last (a source's inserts and updates share one, its
  // deletes' before images another). Planning may run on two threads in turn: a thread that sees
  // an older pair finds the positions again; a pair is immutable, so it is never seen half made.
  private Positions last;
  private Positions before;

  private record Positions(NamedValues.Names names, int[] at) {}

  RowColumns(List<String> columns) {
    this.columns = List.copyOf(columns);
  }

  /** The columns. */
  List<String> columns() {
    return columns;
  }

  /** How many columns. */
  int size() {
    return columns.size();
  }

  private Positions positions(NamedValues.Names names) {
    Positions p = last;
    if (p != null && p.names() == names) {
      return p;
    }
    Positions q = before;
    if (q == null || q.names() != names) {
      q = new Positions(names, names.positions(columns));
    }
    before = p;
    last = q;
    return q;
  }

  /**
   * The canonical text of each column's value in the event's row image, in the columns' order; null
   * where the value is NULL or the row has no such column.
   */
  String[] texts(ChangeEvent e) {
    Map<String, Object> row = e.row();
    String[] out = new String[columns.size()];
    if (row instanceof NamedValues<Object> values) {
      Positions p = positions(values.names());
      int[] at = p.at();
      for (int i = 0; i < out.length; i++) {
        out[i] = at[i] < 0 ? null : CanonicalText.of(values.valueAt(at[i]));
      }
    } else {
      for (int i = 0; i < out.length; i++) {
        out[i] = CanonicalText.of(row.get(columns.get(i)));
      }
    }
    return out;
  }
}
