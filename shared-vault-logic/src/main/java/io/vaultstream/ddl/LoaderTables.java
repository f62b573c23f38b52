package io.vaultstream.ddl;

import io.vaultstream.dialect.ColumnTypes;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableKind;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The shapes of the loader's own tables (key map, repeats, waiting rows, errors, ignored changes,
 * progress), the same for every model; their names are {@link VaultTables}' constants.
 */
final class LoaderTables {
  private final ColumnTypes dialect;

  LoaderTables(ColumnTypes dialect) {
    this.dialect = dialect;
  }

  private static ColumnSpec col(String name, String type, boolean notNull) {
    return new ColumnSpec(name, type, notNull);
  }

  TableSpec keyMap() {
    String text = dialect.keyTextType();
    return new TableSpec(
        VaultTables.KEY_MAP,
        TableKind.TECHNICAL,
        List.of(
            col("source_table", text, true),
            col("pk", text, true),
            col("valid_from", dialect.timestampType(), true),
            // Not indexed: any length (on MariaDB the key columns are bounded by their index).
            col("key_values", dialect.textType(), true)),
        List.of("source_table", "pk", "valid_from"),
        false);
  }

  TableSpec writers() {
    return new TableSpec(
        VaultTables.WRITERS,
        TableKind.TECHNICAL,
        List.of(
            col("writer", dialect.keyTextType(), true),
            col("mark", "bigint", true),
            // Microseconds since 1970 by the writer's clock: rows of writers gone for a day are
            // deleted.
            col("written_at", "bigint", true)),
        List.of("writer"),
        false);
  }

  TableSpec repeats() {
    String key = dialect.keyTextType();
    return new TableSpec(
        VaultTables.REPEATS,
        TableKind.TECHNICAL,
        List.of(
            col("target_table", key, true),
            col("row_key", key, true),
            col("load_dts", dialect.timestampType(), true),
            col("record_source", dialect.textType(), true),
            // The repeated event's audit column values, for when it becomes a version.
            col("audit", dialect.textType(), false)),
        List.of("target_table", "row_key", "load_dts"),
        false);
  }

  private List<ColumnSpec> eventColumns() {
    String text = dialect.textType();
    String ts = dialect.timestampType();
    return List.of(
        col("topic", text, true),
        col("kafka_partition", "integer", true),
        col("kafka_offset", "bigint", true),
        col("source_table", text, true),
        col("target_object", text, true),
        col("message", text, false),
        col("ref_source", dialect.keyTextType(), false),
        col("ref_pk", dialect.keyTextType(), false),
        col("links_only", dialect.booleanType(), true),
        col("operation", text, false),
        col("event_time", ts, false),
        col("record_key", text, false),
        col("record_value", text, false),
        col("event", text, false),
        col("attempts", "integer", true),
        col("last_attempt", ts, false));
  }

  TableSpec waiting() {
    List<ColumnSpec> cols = new ArrayList<>(eventColumns());
    cols.add(col("state", dialect.codeType(), true));
    cols.add(col("arrived_at", dialect.timestampType(), true));
    return new TableSpec(
        VaultTables.WAITING,
        TableKind.TECHNICAL,
        cols,
        List.of("topic", "kafka_partition", "kafka_offset"),
        false);
  }

  TableSpec errors() {
    List<ColumnSpec> cols = new ArrayList<>();
    cols.add(col("id", dialect.identityType(), true));
    cols.add(col("error_code", dialect.codeType(), true));
    cols.addAll(eventColumns());
    cols.add(col("first_seen", dialect.timestampType(), true));
    cols.add(col("expires_at", dialect.timestampType(), false));
    return new TableSpec(
        VaultTables.ERRORS,
        TableKind.TECHNICAL,
        cols,
        List.of("topic", "kafka_partition", "kafka_offset", "error_code", "target_object"),
        false);
  }

  TableSpec ignoredChanges() {
    String text = dialect.textType();
    String ts = dialect.timestampType();
    return new TableSpec(
        VaultTables.IGNORED_CHANGES,
        TableKind.TECHNICAL,
        List.of(
            col("topic", text, true),
            col("kafka_partition", "integer", true),
            col("kafka_offset", "bigint", true),
            col("target_object", text, true),
            col("source_table", text, true),
            col("operation", text, false),
            col("event_time", ts, false),
            col("message", text, false),
            col("noted_at", ts, true)),
        List.of("topic", "kafka_partition", "kafka_offset", "target_object"),
        false);
  }

  TableSpec progress() {
    return new TableSpec(
        VaultTables.PROGRESS,
        TableKind.TECHNICAL,
        List.of(
            col("consumer", dialect.textType(), true),
            col("topic", dialect.textType(), true),
            col("kafka_partition", "integer", true),
            col("next_offset", "bigint", true),
            col("updated_at", dialect.timestampType(), true),
            col(VaultTables.PROGRESS_ANCHOR_OFFSET, "bigint", false),
            col(VaultTables.PROGRESS_ANCHOR_TIMESTAMP, "bigint", false)),
        List.of("consumer", "topic", "kafka_partition"),
        false);
  }
}
