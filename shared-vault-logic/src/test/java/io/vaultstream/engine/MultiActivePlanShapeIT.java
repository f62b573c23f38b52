package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.dialect.postgres.PostgresDialect;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.PlanProbe;
import io.vaultstream.testing.PlanProbe.Scan;
import io.vaultstream.testing.StatementLog;
import io.vaultstream.testing.TestClock;
import io.vaultstream.testing.TestDatabase;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The reads and writes of a multi-active satellite's sets stay index-driven when the satellite
 * grows without statistics: the statements of a load (new sets, changed members, deleted members, a
 * late change that reads older sets) are run again under EXPLAIN ANALYZE after the satellite grew
 * by {@link #ROWS} rows that were never analyzed, with custom and generic plans.
 */
class MultiActivePlanShapeIT {
  private static final VaultModel PHONES = ForeignSatellitesContract.phones();
  private static final int ROWS = Integer.getInteger("vaultstream.plans.rows", 60_000);
  private static final String TABLE = "msat_customer_phone";
  private static final int CUSTOMERS = 200;

  @Test
  void theSetReadProbesTheParentsIndex() throws Exception {
    String schema = TestDatabase.newSchema();
    StatementLog log = new StatementLog();
    TestClock clock = new TestClock(Instant.parse("2026-06-01T00:00:00Z"));
    try (VaultLoader loader =
        VaultLoader.withDataSource(PHONES, TestDatabase.options(schema).build(), log, clock)) {
      load(loader, new EventFactory(PHONES));
    }
    List<StatementLog.Executed> executed = new ArrayList<>(log.executed());
    executed.removeIf(e -> !e.sql().contains("\"" + TABLE + "\"") || !isDml(e.sql()));
    assertThat(executed).anyMatch(e -> e.sql().contains("CROSS JOIN LATERAL"));
    assertThat(executed).anyMatch(e -> e.sql().contains("DELETE FROM"));
    List<String> problems = new ArrayList<>();
    try (Connection c = TestDatabase.connect();
        Statement st = c.createStatement()) {
      // The loader's session settings (the plan cache mode is set per check below).
      st.execute(new PostgresDialect().connectionInitSql());
      for (int i = 0; i < executed.size(); i++) {
        st.execute("PREPARE s" + i + " AS " + PlanProbe.numbered(executed.get(i).sql()));
        st.execute("SET plan_cache_mode = force_generic_plan");
        PlanProbe.scans(c, "s" + i, executed.get(i).parameters(), schema, Set.of(TABLE));
      }
      PlanProbe.grow(c, schema, List.of(TABLE), ROWS);
      for (int i = 0; i < executed.size(); i++) {
        for (String mode : List.of("force_custom_plan", "force_generic_plan")) {
          st.execute("SET plan_cache_mode = " + mode);
          for (Scan s :
              PlanProbe.scans(c, "s" + i, executed.get(i).parameters(), schema, Set.of(TABLE))) {
            if (s.nodeType().equals("Seq Scan")
                || !s.indexCond()
                || s.rowsRead() > 8L * CUSTOMERS * 3) {
              problems.add(
                  mode + ": " + s + "\n    in: " + executed.get(i).sql().replace('\n', ' '));
            }
          }
        }
      }
    }
    assertThat(problems).as("scans that read more than a batch's rows").isEmpty();
  }

  static void load(VaultLoader loader, EventFactory ev) throws Exception {
    List<ChangeEvent> first = new ArrayList<>();
    List<ChangeEvent> changes = new ArrayList<>();
    List<ChangeEvent> late = new ArrayList<>();
    for (long c = 1; c <= CUSTOMERS; c++) {
      first.add(
          ev.event("customers", "c", at(1), row("id", c, "customer_no", "C" + c, "name", "n")));
      for (long k = 0; k < 3; k++) {
        long id = c * 10 + k;
        String type = List.of("home", "work", "mobile").get((int) k);
        first.add(phone(ev, "c", 10, id, c, type, "n" + id));
      }
      changes.add(phone(ev, "u", 20, c * 10, c, "home", "x" + c));
      changes.add(ev.event("customer_phones", "d", at(30), row("id", c * 10 + 1)));
      late.add(phone(ev, "u", 15, c * 10 + 2, c, "mobile", "late" + c));
    }
    loader.load(first);
    loader.load(changes);
    loader.load(late);
  }

  private static ChangeEvent phone(
      EventFactory ev, String op, long t, long id, long customer, String type, String number) {
    return ev.event(
        "customer_phones",
        op,
        at(t),
        row("id", id, "customer_id", customer, "phone_type", type, "number", number));
  }

  private static boolean isDml(String sql) {
    String s = sql.stripLeading().toUpperCase(java.util.Locale.ROOT);
    return s.startsWith("SELECT")
        || s.startsWith("WITH")
        || s.startsWith("INSERT")
        || s.startsWith("DELETE");
  }
}
