package io.vaultstream.plan;

import io.vaultstream.event.ChangeEvent;
import java.util.Map;

/**
 * An event of a non-historized link whose changes are set aside: the writer compares it with the
 * link's row of its key, once that row is written, to find updates and deletes.
 *
 * @param key the link's hash key
 * @param values the link row's values the event carries (attributes included); {@code null} for a
 *     delete
 */
public record TransactionEvent(ChangeEvent event, String key, Map<String, String> values) {
  /** Whether the event deletes the source row. */
  public boolean delete() {
    return values == null;
  }
}
