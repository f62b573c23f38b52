package io.vaultstream.dialect;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.model.Naming;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableKind;
import io.vaultstream.table.TableSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The exact statements a dialect gives for writing and reading the shop model's tables in schema
 * "vault", with the columns the writer passes them.
 */
abstract class LoadingGoldenCases {
  /** The dialect under test. */
  abstract VaultDialect dialect();

  /** The folder of its golden files under golden/. */
  abstract String folder();

  /** The statement of the dialect's bulk insert, or null when it has none. */
  abstract String bulkSql(TableSpec t, List<String> cols);

  private final VaultDialect d = dialect();
  private final Naming n = GoldenSql.SHOP.naming();
  private static final String S = GoldenSql.SCHEMA;

  private static List<String> names(TableSpec t, List<String> excluded) {
    List<String> out = new ArrayList<>();
    for (ColumnSpec c : t.columns()) {
      if (!excluded.contains(c.name())) {
        out.add(c.name());
      }
    }
    return out;
  }

  @Test
  void writesOfEveryShopTableAreAsRecorded() throws IOException {
    GoldenSql g = new GoldenSql();
    for (TableSpec t : GoldenSql.shopTables(d).values()) {
      String name = t.name();
      List<String> cols = names(t, List.of(n.loadedAt()));
      switch (t.kind()) {
        case HUB, LINK ->
            g.add(
                "upsertEarliestReturning(" + name + ")",
                d.upsertEarliestReturning(S, t, cols, n.loadDts(), n.recordSource(), n.loadedAt()));
        case NON_HISTORIZED_LINK ->
            g.add(
                    "upsertEarliest(" + name + ")",
                    d.upsertEarliest(S, t, cols, n.loadDts(), n.recordSource(), n.loadedAt()))
                .add(
                    "upsertEarliestReturning(" + name + ")",
                    d.upsertEarliestReturning(
                        S, t, cols, n.loadDts(), n.recordSource(), n.loadedAt()))
                .add(
                    "selectDifferingRows(" + name + ")",
                    d.selectDifferingRows(
                        S, t, t.primaryKey().get(0), List.of("paid_at", "amount", "method")));
        case SATELLITE, REFERENCE -> {
          List<String> keys = new ArrayList<>(t.primaryKey());
          g.add("insertNew(" + name + ")", d.insertNew(S, t, cols, n.loadedAt()))
              .add("bulkInsert(" + name + ") COPY", bulkSql(t, cols))
              .add("insertIgnore(" + name + ")", d.insertIgnore(S, t, cols, n.loadedAt()))
              .add("deleteByKey(" + name + ", " + keys + ")", d.deleteByKey(S, t, keys));
        }
        case TECHNICAL -> {
          if (name.equals(VaultTables.KEY_MAP)) {
            List<String> km = List.of("source_table", "pk", "valid_from", "key_values");
            g.add("insertNew(" + name + ")", d.insertNew(S, t, km, null))
                .add("insertIgnore(" + name + ")", d.insertIgnore(S, t, km, null));
          }
        }
      }
    }
    g.assertMatches(folder() + "/loading.sql");
  }

  @Test
  void historyAndKeyMapReadsAreAsRecorded() throws IOException {
    GoldenSql g = new GoldenSql();
    List<String> technical =
        List.of(n.loadDts(), n.recordSource(), n.hashDiff(), n.deleteFlag(), n.loadedAt());
    for (TableSpec t : GoldenSql.shopTables(d).values()) {
      if (t.kind() == TableKind.SATELLITE || t.kind() == TableKind.REFERENCE) {
        List<String> keys = new ArrayList<>(t.primaryKey());
        keys.remove(n.loadDts());
        List<String> read = new ArrayList<>(List.of(n.hashDiff(), n.deleteFlag()));
        List<String> skip = new ArrayList<>(technical);
        skip.addAll(t.primaryKey());
        read.addAll(names(t, skip));
        g.add(
            "selectHistoryAround(" + t.name() + ", " + keys + ")",
            d.selectHistoryAround(S, t, keys, n.loadDts(), read));
      }
    }
    g.add("selectKeyMap(vault, vs_key_map)", d.selectKeyMap(S, VaultTables.KEY_MAP))
        .add("lockKeys()", d.lockKeys(S))
        .assertMatches(folder() + "/history.sql");
  }
}
