package io.vaultstream.waiting;

import io.vaultstream.dialect.VaultValues;
import io.vaultstream.error.EventCodec;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.event.RawBytes;
import io.vaultstream.model.VaultModel;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The columns of the waiting and error rows a flush writes, as the texts the dialect's columns
 * take: new waiting rows, rows parked against the unknown ghost, error rows and bad records.
 */
public final class WaitingColumns {
  private final VaultModel model;
  private final VaultValues target;

  public WaitingColumns(VaultModel model, VaultValues target) {
    this.model = model;
    this.target = target;
  }

  /** A new waiting row for an event's first waiting problem. */
  Map<String, String> newWaitingRow(Problem pr, long arrivedAt, long now) {
    return waitingRow(
        eventRow(pr.event(), pr, WaitingRow.linksOnly(pr), 0, now), WaitingRow.WAITING, arrivedAt);
  }

  /**
   * A row loaded against the unknown ghost, written again as waiting so that the real parent still
   * creates its link: one more attempt, now.
   */
  Map<String, String> parkedUnknown(WaitingRow p, long now) {
    Map<String, String> row = new LinkedHashMap<>(p.columns());
    row.put("attempts", Integer.toString(p.attempts() + 1));
    row.put("last_attempt", target.timestampText(now));
    return waitingRow(row, WaitingRow.UNKNOWN, now);
  }

  private Map<String, String> waitingRow(Map<String, String> row, String state, long arrivedAt) {
    Map<String, String> m = new LinkedHashMap<>(row);
    m.put("state", state);
    m.put("arrived_at", target.timestampText(arrivedAt));
    return m;
  }

  /** An error row for a problem that does not wait. */
  Map<String, String> errorRow(Problem pr, long now) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("error_code", pr.code());
    m.putAll(eventRow(pr.event(), pr, true, 1, now));
    m.put("first_seen", target.timestampText(now));
    m.put("expires_at", null);
    return m;
  }

  /** An error row for a record that could not be decoded. */
  Map<String, String> badRow(BadRecord b, long now) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("error_code", Problem.BAD_RECORD);
    m.put("topic", b.topic());
    m.put("kafka_partition", Integer.toString(b.partition()));
    m.put("kafka_offset", Long.toString(b.offset()));
    m.put("source_table", model.sourceForTopic(b.modelTopic()).map(s -> s.name()).orElse(""));
    m.put("target_object", "");
    m.put("message", b.message());
    m.put("ref_source", null);
    m.put("ref_pk", null);
    m.put("links_only", target.booleanText(false));
    m.put("operation", null);
    m.put("event_time", null);
    m.put("record_key", EventCodec.raw(b.key()));
    m.put("record_value", EventCodec.raw(b.value()));
    m.put("event", null);
    m.put("attempts", "1");
    m.put("last_attempt", target.timestampText(now));
    m.put("first_seen", target.timestampText(now));
    m.put("expires_at", null);
    return m;
  }

  /** The columns a waiting or error row takes from an event and its problem. */
  private Map<String, String> eventRow(
      ChangeEvent e, Problem p, boolean linksOnly, int attempts, long nowMicros) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("topic", e.position().topic());
    m.put("kafka_partition", Integer.toString(e.position().partition()));
    m.put("kafka_offset", Long.toString(e.position().offset()));
    m.put("source_table", e.sourceTable());
    m.put("target_object", p.target());
    m.put("message", p.message());
    m.put("ref_source", p.refSource());
    m.put("ref_pk", p.refPk());
    m.put("links_only", target.booleanText(linksOnly));
    m.put("operation", e.operation().name());
    m.put("event_time", target.timestampText(e.eventTimeMicros()));
    m.put("record_key", EventCodec.raw(RawBytes.bytes(e.rawKey())));
    m.put("record_value", EventCodec.raw(RawBytes.bytes(e.rawValue())));
    m.put("event", EventCodec.write(e));
    m.put("attempts", Integer.toString(attempts));
    m.put("last_attempt", target.timestampText(nowMicros));
    return m;
  }
}
