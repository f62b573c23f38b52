package io.vaultstream.dialect;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.table.TableSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The exact statements a dialect gives for the loader's own tables (waiting rows, error rows,
 * progress) in schema "vault", with the columns the engine passes them.
 */
abstract class QueueGoldenCases {
  /** The dialect under test. */
  abstract VaultDialect dialect();

  /** The folder of its golden files under golden/. */
  abstract String folder();

  private static final String S = GoldenSql.SCHEMA;
  private static final String CODE = "UNRESOLVED_REFERENCE";
  private static final List<String> RETRY =
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
  private final VaultDialect d = dialect();
  private final Map<String, TableSpec> tables = GoldenSql.shopTables(d);
  private final TableSpec waiting = tables.get(VaultTables.WAITING);
  private final TableSpec errors = tables.get(VaultTables.ERRORS);

  @Test
  void waitingRowStatementsAreAsRecorded() throws IOException {
    List<String> expired = new ArrayList<>(VaultTables.EVENT_COLUMNS);
    expired.add("first_seen");
    List<String> moved = new ArrayList<>(VaultTables.EVENT_COLUMNS);
    moved.remove("last_attempt");
    List<String> wKey = List.of("topic", "kafka_partition", "kafka_offset");
    List<String> eKey =
        List.of("topic", "kafka_partition", "kafka_offset", "error_code", "target_object");
    List<String> set = List.of("ref_source", "ref_pk", "message", "attempts", "last_attempt");
    List<String> wCols = new ArrayList<>(VaultTables.EVENT_COLUMNS);
    wCols.addAll(List.of("state", "arrived_at"));
    GoldenSql g =
        new GoldenSql()
            .add(
                "selectWaitingForParents(vs_waiting, vs_errors, retry columns)",
                d.selectWaitingForParents(S, VaultTables.WAITING, VaultTables.ERRORS, RETRY, CODE))
            .add(
                "selectSourcesWaitedOn(vs_waiting, vs_errors)",
                d.selectSourcesWaitedOn(S, VaultTables.WAITING, VaultTables.ERRORS));
    for (boolean after : List.of(false, true)) {
      g.add(
              "selectPageEnd(vs_waiting, 500, " + after + ")",
              d.selectPageEnd(S, waiting, 500, after))
          .add(
              "selectPageEnd(vs_errors, 500, " + after + ")",
              d.selectPageEnd(S, errors, 500, after))
          .add(
              "selectResolvableWaitingPage(500, " + after + ")",
              d.selectResolvableWaitingPage(S, waiting, VaultTables.KEY_MAP, RETRY, 500, after))
          .add(
              "selectResolvableErrorPage(500, " + after + ")",
              d.selectResolvableErrorPage(S, errors, VaultTables.KEY_MAP, RETRY, CODE, 500, after));
    }
    g.add("takeExpiredErrors(1000)", d.takeExpiredErrors(S, errors, expired, CODE, 1000))
        .add(
            "moveExpiredWaiting()",
            d.moveExpiredWaiting(S, waiting, errors, moved, "WAITING", CODE))
        .add("insertIgnore(vs_waiting)", d.insertIgnore(S, waiting, wCols, null))
        .add("deleteByKey(vs_waiting)", d.deleteByKey(S, waiting, wKey))
        .add("deleteByKey(vs_errors)", d.deleteByKey(S, errors, eKey))
        .add("updateByKey(vs_waiting)", d.updateByKey(S, waiting, wKey, set))
        .add("updateByKey(vs_errors)", d.updateByKey(S, errors, eKey, set))
        .assertMatches(folder() + "/queue.sql");
  }

  @Test
  void errorTableAndProgressStatementsAreAsRecorded() throws IOException {
    List<String> all = List.of("error_code", "source_table", "target_object", "id");
    TableSpec progress = tables.get(VaultTables.PROGRESS);
    List<String> anchors =
        List.of(VaultTables.PROGRESS_ANCHOR_OFFSET, VaultTables.PROGRESS_ANCHOR_TIMESTAMP);
    List<String> plain =
        List.of("consumer", "topic", "kafka_partition", "next_offset", "updated_at");
    List<String> anchored = new ArrayList<>(plain);
    anchored.addAll(anchors);
    new GoldenSql()
        .add(
            "selectErrorRows(no filter, 50)",
            d.selectErrorRows(S, VaultTables.ERRORS, List.of(), 50))
        .add("selectErrorRows(every filter, 1)", d.selectErrorRows(S, VaultTables.ERRORS, all, 1))
        .add("countErrorsByCode(no filter)", d.countErrorsByCode(S, VaultTables.ERRORS, List.of()))
        .add("countErrorsByCode(every filter)", d.countErrorsByCode(S, VaultTables.ERRORS, all))
        .add("deleteErrors(no filter)", d.deleteErrors(S, VaultTables.ERRORS, List.of()))
        .add("deleteErrors(every filter)", d.deleteErrors(S, VaultTables.ERRORS, all))
        .add("deleteErrorsById()", d.deleteErrorsById(S, VaultTables.ERRORS))
        .add("selectProgress(anchors)", d.selectProgress(S, VaultTables.PROGRESS, anchors))
        .add("selectProgress(no anchors)", d.selectProgress(S, VaultTables.PROGRESS, List.of()))
        .add("upsert(vs_progress, anchored)", d.upsert(S, progress, anchored))
        .add("upsert(vs_progress, plain)", d.upsert(S, progress, plain))
        .assertMatches(folder() + "/errors-and-progress.sql");
  }
}
