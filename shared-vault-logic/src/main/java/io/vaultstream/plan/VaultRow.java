package io.vaultstream.plan;

import java.util.Map;

/**
 * A hub, link or non-historized link row of a batch: the earliest one per key wins.
 *
 * @param values column name to canonical text (keys, business keys, attributes)
 */
public record VaultRow(String key, Map<String, String> values, long loadDts, String recordSource) {
  /** Whether this row wins over another for the same key: earlier, then smaller record source. */
  public boolean before(VaultRow o) {
    return loadDts != o.loadDts ? loadDts < o.loadDts : recordSource.compareTo(o.recordSource) < 0;
  }
}
