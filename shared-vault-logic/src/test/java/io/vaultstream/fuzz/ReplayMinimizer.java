package io.vaultstream.fuzz;

import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.keymap.KeyText;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TargetDatabase;
import io.vaultstream.testing.VaultDump;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A tool, run only by name (its name matches neither the unit nor the integration tests, so {@code
 * mvn verify} does not run it) and skipped unless {@code -Dfuzz.minimize=TABLE} ({@code
 * sat_product} or {@code sat_customer}) names the table whose second load changed in a {@link
 * RecordFuzzContract} run on PostgreSQL (same {@code -Dfuzz.seed}, {@code -Dfuzz.records}, {@code
 * -Dfuzz.batch}, {@code -Dfuzz.order}): it loads the run's records twice, takes the events of the
 * source rows that ever had a business key of a changed row, and removes events (delta debugging)
 * and merges batches while a second load of what is left still changes that table. It prints the
 * events left, batch by batch, and the change:
 *
 * <pre>
 * mvn -pl shared-vault-logic -am verify -Dtest=none -Dit.test=ReplayMinimizer \
 *   -Dfuzz.minimize=sat_product -Dfuzz.seed=99 -Dfuzz.records=20000 -Dfuzz.order=row \
 *   -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false
 * </pre>
 */
class ReplayMinimizer extends DatabaseContract {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private FuzzRegistry registry;

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }

  /** A decoded record and the batch it is loaded in. */
  record Item(int batch, Decoded d) {}

  @Test
  void minimize() throws Exception {
    Assumptions.assumeTrue(
        System.getProperty("fuzz.minimize") != null, "a tool: run with -Dfuzz.minimize=TABLE");
    long seed = RecordFuzzContract.seed();
    int count = RecordFuzzContract.records();
    int size = Integer.getInteger("fuzz.batch", 500);
    String target = System.getProperty("fuzz.minimize");
    registry = track(new FuzzRegistry());
    VaultLoader first = open();
    RowOrder order = RowOrder.of(System.getProperty("fuzz.order", "row"), SHOP, first.decoder());
    List<FuzzRecord> records = RecordMix.generate(seed, count, registry, true);
    if (order != null) {
      records = order.arrange(records);
    }
    List<Item> all = new ArrayList<>();
    Findings ignored = new Findings();
    for (int i = 0; i < records.size(); i++) {
      Decoded d = Decoded.of(first.decoder(), records.get(i), ignored);
      all.add(new Item(i == 0 ? 0 : 1 + (i - 1) / size, d));
    }
    first.close();
    Map<String, List<String>> diff = new LinkedHashMap<>();
    String s = trial(all, diff);
    System.out.println("MIN full run: " + diff.keySet());
    if (!diff.containsKey(target)) {
      return;
    }
    Set<String> pks = relatedPks(s, target, diff.get(target));
    System.out.println("MIN related pks: " + pks);
    List<Item> cand = new ArrayList<>();
    for (Item it : all.subList(1, all.size())) {
      ChangeEvent e = it.d().event();
      if (e != null && pks.contains(e.sourceTable() + " " + pk(e))) {
        cand.add(it);
      }
    }
    System.out.println("MIN candidates: " + cand.size());
    Item head = all.get(0);
    if (!fails(head, cand, target)) {
      System.out.println("MIN candidates alone do not fail");
      return;
    }
    List<Item> min = ddmin(head, cand, target);
    // Merge batches while it still fails.
    boolean changed = true;
    while (changed) {
      changed = false;
      List<Integer> labels = min.stream().map(Item::batch).distinct().sorted().toList();
      for (int k = 0; k + 1 < labels.size() && !changed; k++) {
        int a = labels.get(k);
        int b = labels.get(k + 1);
        List<Item> merged = new ArrayList<>();
        for (Item it : min) {
          merged.add(it.batch() == b ? new Item(a, it.d()) : it);
        }
        if (fails(head, merged, target)) {
          min = merged;
          changed = true;
        }
      }
    }
    List<Item> withHead = new ArrayList<>();
    withHead.add(head);
    withHead.addAll(min);
    Map<String, List<String>> d2 = new LinkedHashMap<>();
    trial(withHead, d2);
    StringBuilder sb = new StringBuilder("MIN result for " + target + ":\n");
    for (Item it : min) {
      sb.append("  batch ").append(it.batch()).append(": ").append(describe(it.d())).append('\n');
    }
    d2.forEach((t, l) -> sb.append("  ").append(t).append(": ").append(l).append('\n'));
    System.out.println(sb);
  }

  private List<Item> ddmin(Item head, List<Item> items, String target) throws Exception {
    List<Item> cur = new ArrayList<>(items);
    int n = 2;
    while (cur.size() >= 2) {
      int chunk = (int) Math.ceil(cur.size() / (double) n);
      boolean reduced = false;
      for (int start = 0; start < cur.size(); start += chunk) {
        List<Item> complement = new ArrayList<>(cur.subList(0, start));
        complement.addAll(cur.subList(Math.min(cur.size(), start + chunk), cur.size()));
        if (!complement.isEmpty() && fails(head, complement, target)) {
          cur = complement;
          n = Math.max(n - 1, 2);
          reduced = true;
          break;
        }
      }
      if (!reduced) {
        if (n >= cur.size()) {
          break;
        }
        n = Math.min(cur.size(), n * 2);
      }
    }
    return cur;
  }

  private boolean fails(Item head, List<Item> items, String target) throws Exception {
    List<Item> l = new ArrayList<>();
    l.add(head);
    l.addAll(items);
    Map<String, List<String>> diff = new LinkedHashMap<>();
    trial(l, diff);
    return diff.containsKey(target);
  }

  private VaultLoader open() throws Exception {
    schema = newSchema();
    return VaultLoader.open(
        SHOP,
        db().options(schema)
            .maxRetries(0)
            .retryBackoffMs(10)
            .decoder(new DecoderOptions(null, null, registry.url()))
            .build(),
        Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC));
  }

  /** Loads twice; returns the schema, fills diff with changed tables. */
  private String trial(List<Item> items, Map<String, List<String>> diff) throws Exception {
    try (VaultLoader loader = open()) {
      loadAll(loader, items);
      loader.sweep();
      Map<String, List<String>> before =
          VaultDump.of(db(), schema, t -> !t.equals("vs_writers"), c -> keep(c));
      loadAll(loader, items);
      loader.sweep();
      Map<String, List<String>> after =
          VaultDump.of(db(), schema, t -> !t.equals("vs_writers"), c -> keep(c));
      Set<String> tables = new HashSet<>(before.keySet());
      tables.addAll(after.keySet());
      for (String t : tables) {
        List<String> a = before.getOrDefault(t, List.of());
        List<String> b = after.getOrDefault(t, List.of());
        if (!a.equals(b)) {
          List<String> added = new ArrayList<>(b);
          added.removeAll(a);
          List<String> removed = new ArrayList<>(a);
          removed.removeAll(b);
          List<String> out = new ArrayList<>();
          added.forEach(x -> out.add("+ " + x));
          removed.forEach(x -> out.add("- " + x));
          diff.put(t, out);
        }
      }
      return schema;
    }
  }

  private static boolean keep(String c) {
    return !Set.of(
            "loaded_at",
            "updated_at",
            "first_seen",
            "last_attempt",
            "expires_at",
            "arrived_at",
            "attempts",
            "id")
        .contains(c);
  }

  private static void loadAll(VaultLoader loader, List<Item> items) throws Exception {
    int i = 0;
    while (i < items.size()) {
      int label = items.get(i).batch();
      List<ChangeEvent> events = new ArrayList<>();
      List<BadRecord> bad = new ArrayList<>();
      List<Decoded> part = new ArrayList<>();
      while (i < items.size() && items.get(i).batch() == label) {
        Decoded d = items.get(i).d();
        part.add(d);
        if (d.event() != null) {
          events.add(d.event());
        } else if (d.bad() != null) {
          bad.add(d.bad());
        }
        i++;
      }
      loader.load(events, bad, FuzzLoad.progress(part));
    }
  }

  private Set<String> relatedPks(String s, String target, List<String> rows) throws Exception {
    String hub = target.equals("sat_customer") ? "hub_customer" : "hub_product";
    String hk = target.equals("sat_customer") ? "customer_hk" : "product_hk";
    String bk = target.equals("sat_customer") ? "customer_no" : "sku";
    String source = target.equals("sat_customer") ? "customers" : "products";
    Set<String> keys = new HashSet<>();
    for (String r : rows) {
      String h = r.substring(2, r.indexOf('|'));
      keys.addAll(
          db().rows("SELECT " + bk + " FROM " + s + "." + hub + " WHERE " + hk + " = '" + h + "'"));
    }
    System.out.println("MIN business keys: " + keys);
    Set<String> pks = new HashSet<>();
    for (String row :
        db().rows(
                "SELECT pk || '\u0001' || key_values FROM "
                    + s
                    + ".vs_key_map WHERE source_table = '"
                    + source
                    + "'")) {
      String pk = row.substring(0, row.indexOf('\u0001'));
      Map<String, String> kv = KeyText.parseValues(row.substring(row.indexOf('\u0001') + 1));
      if (keys.contains(kv.get(bk))) {
        pks.add(source + " " + pk);
      }
    }
    return pks;
  }

  private static String pk(ChangeEvent e) {
    List<String> values = new ArrayList<>();
    for (String c : SHOP.sources().get(e.sourceTable()).primaryKey()) {
      values.add(io.vaultstream.hash.CanonicalText.of(e.get(c)));
    }
    return KeyText.pk(values);
  }

  private static String describe(Decoded d) {
    ChangeEvent e = d.event();
    if (e == null) {
      return d.record().describe();
    }
    return e.operation()
        + " "
        + e.sourceTable()
        + " "
        + pk(e)
        + " @"
        + Instant.ofEpochSecond(0, e.eventTimeMicros() * 1000)
        + " lsn="
        + e.position().lsn()
        + " "
        + e.position()
        + " "
        + Render.escape(Render.preview(e.row(), 300), 300)
        + "  ["
        + d.record().kind()
        + "]";
  }
}
