package io.vaultstream.spark.lake;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.table.TableSpec;
import io.vaultstream.testing.TargetDatabase;
import io.vaultstream.testing.TestClock;
import io.vaultstream.testing.TestDatabase;
import io.vaultstream.testing.TrackingModel;
import io.vaultstream.testing.VaultDump;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The vault objects beyond the shop's on Delta as in PostgreSQL: the shop model with an effectivity
 * satellite on the order-customer link, status satellites of customers and orders, a multi-active
 * satellite of an order's lines (one row per line number) and a non-historized link whose updates
 * are ignored and counted. The same Debezium events, arriving later ones first, then the earlier
 * ones (history out of order), a sweep past the watermark, and a replay: every table, the loader's
 * own included, has the same rows on both targets.
 */
class LakeModelsIT extends LakeSessionTests {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The shop with effectivity, status, a multi-active satellite and an ignoring link. */
  static VaultModel model() throws Exception {
    ObjectNode m = (ObjectNode) JSON.readTree(TrackingModel.json());
    ObjectNode lines = ((ObjectNode) m.get("satellites")).putObject("msat_order_line");
    lines.put("parent", "hub_order");
    lines.put("source", "order_lines");
    lines.put("via", "order");
    lines.putArray("multiActiveKey").add("line_no");
    lines.putArray("columns").add("qty").add("amount");
    ((ObjectNode) m.get("nonHistorizedLinks").get("nhl_payment")).put("onChange", "ignore");
    return ModelLoader.parse(JSON.writeValueAsString(m), "shop-everything");
  }

  @Test
  void effectivityStatusMultiActiveAndIgnoredChangesAsInPostgres() throws Exception {
    VaultModel model = model();
    String schema = TestDatabase.newSchema();
    VaultOptions options = TestDatabase.options(schema).build();
    List<ChangeRecord> all = ShopEventGenerator.debezium(31).withSchemas().next(360);
    List<List<Integer>> steps =
        List.of(range(240, 360), range(0, 120), List.of(), range(120, 240), range(0, 60));

    stepsLoadedIntoPostgres(model, options, all, steps);
    LakeLocation at = new LakeLocation.Path(dir.resolve("vault").toString());
    stepsLoadedIntoTheLake(model, options, at, all, steps);

    Map<String, List<String>> postgres =
        VaultDump.of(
            TargetDatabase.postgres(),
            schema,
            t -> !t.equals("vs_writers"), // the loaders' marks: a database's, not a lake's
            c -> !c.equals("loaded_at") && !c.equals("id"));
    Map<String, List<String>> delta = lakeRowsWithoutIds(model, at);
    assertThat(delta.keySet()).containsExactlyInAnyOrderElementsOf(postgres.keySet());
    for (String table : postgres.keySet()) {
      assertThat(delta.get(table)).as(table).containsExactlyElementsOf(postgres.get(table));
    }
    for (String table :
        List.of("eff_order_customer", "sts_customer", "sts_order", "msat_order_line")) {
      assertThat(postgres.get(table))
          .as(table + " has rows beyond its ghosts")
          .hasSizeGreaterThan(2);
    }
  }

  /**
   * Loads the steps through the engine into PostgreSQL; an empty step sweeps past the watermark.
   */
  private static void stepsLoadedIntoPostgres(
      VaultModel model, VaultOptions options, List<ChangeRecord> all, List<List<Integer>> steps)
      throws Exception {
    TestClock pgClock = new TestClock(Instant.parse("2026-06-01T00:00:00Z"));
    try (VaultLoader jdbc = VaultLoader.open(model, options, pgClock)) {
      for (List<Integer> step : steps) {
        if (step.isEmpty()) {
          pgClock.advance(Duration.ofSeconds(200)); // past the watermark
          jdbc.sweep();
        } else {
          jdbc.load(decode(jdbc.decoder(), all, step));
        }
        pgClock.advance(Duration.ofSeconds(1));
      }
    }
  }

  /** Loads the steps into {@code at}'s new tables as {@link #stepsLoadedIntoPostgres} does. */
  private static void stepsLoadedIntoTheLake(
      VaultModel model,
      VaultOptions options,
      LakeLocation at,
      List<ChangeRecord> all,
      List<List<Integer>> steps)
      throws Exception {
    LakeVault.createTables(spark, model, at);
    TestClock lakeClock = new TestClock(Instant.parse("2026-06-01T00:00:00Z"));
    LakeVault lake = new LakeVault(spark, model, options, at, "models-it", lakeClock);
    long batch = 0;
    for (List<Integer> step : steps) {
      if (step.isEmpty()) {
        lakeClock.advance(Duration.ofSeconds(200));
        lake.sweep(batch++);
      } else {
        lake.load(batch++, decode(lake.decoder(), all, step), List.of(), null);
      }
      lakeClock.advance(Duration.ofSeconds(1));
    }
  }

  /** Every table of the model in the lake, by name: its rows without their id column. */
  private static Map<String, List<String>> lakeRowsWithoutIds(VaultModel model, LakeLocation at) {
    Map<String, List<String>> delta = new TreeMap<>();
    for (TableSpec t :
        new LakeTables(model, new HashKeyCalculator(model.hashing()), at).all().values()) {
      delta.put(t.name(), LakeDump.rows(spark, at, t, "id"));
    }
    return delta;
  }

  private static List<Integer> range(int from, int to) {
    List<Integer> out = new ArrayList<>();
    for (int i = from; i < to; i++) {
      out.add(i);
    }
    return out;
  }

  private static List<ChangeEvent> decode(
      io.vaultstream.decode.ChangeEventDecoder decoder,
      List<ChangeRecord> all,
      List<Integer> which) {
    List<ChangeEvent> out = new ArrayList<>();
    for (int i : which) {
      ChangeRecord r = all.get(i);
      decoder.decode(r.topic(), 0, i, 0, r.key(), r.value()).ifPresent(out::add);
    }
    return out;
  }
}
