package io.vaultstream.engine;

import io.vaultstream.plan.Problem;
import java.util.List;
import java.util.Map;

/**
 * What one batch did.
 *
 * @param rowsWritten rows inserted or updated per vault table
 * @param problems rows not loaded, with the reason
 */
public record LoadResult(
    int events, Map<String, Integer> rowsWritten, List<Problem> problems, long millis) {
  /** Total vault rows written. */
  public int totalRows() {
    return rowsWritten.values().stream().mapToInt(Integer::intValue).sum();
  }
}
