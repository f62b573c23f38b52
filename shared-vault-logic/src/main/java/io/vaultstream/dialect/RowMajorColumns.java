package io.vaultstream.dialect;

import java.util.List;

/**
 * Columns of text values, as {@link BulkInsert} and {@link TextValues#bindColumns} take them, that
 * are held row by row: a reader that goes through every value row after row ({@code COPY}'s lines)
 * reads {@link #rows} instead of one element of each column per row.
 */
public interface RowMajorColumns {
  /** The rows, each with the values of the columns in their order (a row may hold more after). */
  List<List<String>> rows();
}
