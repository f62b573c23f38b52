package io.vaultstream.write;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultValues;
import io.vaultstream.plan.BatchPlan;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Notes the changes of non-historized links that {@code onChange: "ignore"} sets aside in {@code
 * vs_ignored_changes}, one row per event and link: a replay of the same events adds none.
 */
public final class IgnoredChanges {
  private static final List<String> COLUMNS =
      List.of(
          "topic",
          "kafka_partition",
          "kafka_offset",
          "target_object",
          "source_table",
          "operation",
          "event_time",
          "message",
          "noted_at");

  private final VaultValues target;
  private final VaultShape schema;

  public IgnoredChanges(VaultValues target, VaultShape schema) {
    this.target = target;
    this.schema = schema;
  }

  /** Inserts the ignored ones of {@code changes} in the caller's transaction. */
  public void note(VaultStore store, List<BatchPlan.SetAside> changes, long nowMicros)
      throws SQLException {
    TextColumns rows = new TextColumns(COLUMNS);
    for (BatchPlan.SetAside a : changes) {
      if (a.error()) {
        continue;
      }
      List<String> r = new ArrayList<>(COLUMNS.size());
      r.add(a.event().position().topic());
      r.add(Integer.toString(a.event().position().partition()));
      r.add(Long.toString(a.event().position().offset()));
      r.add(a.link());
      r.add(a.event().sourceTable());
      r.add(a.event().operation().name());
      r.add(target.timestampText(a.event().eventTimeMicros()));
      r.add(a.message());
      r.add(target.timestampText(nowMicros));
      rows.add(r);
    }
    store.insert(schema.table(VaultTables.IGNORED_CHANGES), rows, null, true);
  }
}
