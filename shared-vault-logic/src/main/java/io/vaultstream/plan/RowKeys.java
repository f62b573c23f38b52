package io.vaultstream.plan;

import io.vaultstream.event.ChangeEvent;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rows a batch's events carry the new state of: their primary key texts by source table, as the
 * waiting rows are matched against, and each event's own text, which planning the same events takes
 * instead of making it again.
 */
public final class RowKeys {
  final List<ChangeEvent> events;
  // By position in events: the primary key text of an event that carries a row, else null.
  final String[] pks;
  private final Map<String, Set<String>> bySource;

  RowKeys(List<ChangeEvent> events, String[] pks, Map<String, Set<String>> bySource) {
    this.events = events;
    this.pks = pks;
    this.bySource = Collections.unmodifiableMap(bySource);
  }

  /** The events, as given. */
  public List<ChangeEvent> events() {
    return events;
  }

  /** Source table to the primary key texts of the rows whose new state the events carry. */
  public Map<String, Set<String>> bySource() {
    return bySource;
  }
}
