package io.vaultstream.waiting;

import io.vaultstream.dialect.ValueTexts;
import io.vaultstream.error.EventCodec;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import java.util.List;
import java.util.Map;

/**
 * A stored row of an event that waits for a parent: a waiting row, or an unresolved error row (one
 * moved to the error table after the watermark, still rechecked until its retention ends).
 *
 * @param state {@link #WAITING} or {@link #UNKNOWN} for waiting rows, the error code for error rows
 * @param sinceMicros when it started waiting, as the query that read it returns it
 * @param columns the row's columns as read, for the rows written from it
 */
public record WaitingRow(
    Table table,
    String topic,
    int partition,
    long offset,
    String target,
    String state,
    boolean linksOnly,
    ChangeEvent event,
    long sinceMicros,
    int attempts,
    Map<String, String> columns) {
  /** Waiting for its parent, within the watermark. */
  public static final String WAITING = "WAITING";

  /** Loaded against the unknown ghost after expiry; still waiting so the real parent fixes it. */
  public static final String UNKNOWN = "UNKNOWN";

  /** The table a row lives in. */
  public enum Table {
    WAITING_TABLE,
    ERROR_TABLE
  }

  /**
   * The columns a recheck reads when the parent arrived in the batch: not the raw record (the
   * largest texts), which only the sweep's moves and releases copy.
   */
  public static final List<String> RECHECK_COLUMNS =
      List.of(
          "topic",
          "kafka_partition",
          "kafka_offset",
          "target_object",
          "message",
          "ref_source",
          "ref_pk",
          "links_only",
          "event",
          "attempts");

  /**
   * A row as read from its table: its columns by name as text ({@link #RECHECK_COLUMNS} at least),
   * its state or error code, and since when it waits.
   */
  public static WaitingRow read(
      Table table, String state, long since, Map<String, String> cols, ValueTexts texts) {
    return new WaitingRow(
        table,
        cols.get("topic"),
        Integer.parseInt(cols.get("kafka_partition")),
        Long.parseLong(cols.get("kafka_offset")),
        cols.get("target_object"),
        state,
        texts.isTrueText(cols.get("links_only")),
        EventCodec.read(cols.get("event")),
        since,
        Integer.parseInt(cols.get("attempts")),
        cols);
  }

  /** The row's identity across both tables: its event's position and the object it waits for. */
  String key() {
    return topic + "\u0000" + partition + "\u0000" + offset + "\u0000" + target;
  }

  /**
   * Whether only the event's links wait (its own rows loaded): the problem is another object's.
   * Such a row is rechecked for its links only.
   */
  static boolean linksOnly(Problem pr) {
    return !pr.target().equals(pr.event().sourceTable());
  }
}
