package io.vaultstream.plan;

import java.util.List;
import java.util.Map;

/**
 * A satellite or reference table version of a batch, before the writer compares it with stored
 * history.
 *
 * @param key the parent hash key (satellite) or code values (reference table)
 * @param attributes column to canonical text; null for a delete (carried from the previous version)
 * @param audit audit column to value, from the event itself (not hashed); empty for none
 * @param eventTime the event's own time: {@code loadDts} unless the batch held another version of
 *     the key at that time and this one was moved to a later microsecond
 */
public record HistoryRow(
    List<String> key,
    long loadDts,
    String recordSource,
    boolean delete,
    Map<String, String> attributes,
    Map<String, String> audit,
    long eventTime) {

  /** A row at its event's own time. */
  public HistoryRow(
      List<String> key,
      long loadDts,
      String recordSource,
      boolean delete,
      Map<String, String> attributes,
      Map<String, String> audit) {
    this(key, loadDts, recordSource, delete, attributes, audit, loadDts);
  }

  /** A row without audit columns. */
  public HistoryRow(
      List<String> key,
      long loadDts,
      String recordSource,
      boolean delete,
      Map<String, String> attributes) {
    this(key, loadDts, recordSource, delete, attributes, Map.of());
  }

  /** The same row at another load time. */
  public HistoryRow at(long micros) {
    return new HistoryRow(key, micros, recordSource, delete, attributes, audit, eventTime);
  }
}
