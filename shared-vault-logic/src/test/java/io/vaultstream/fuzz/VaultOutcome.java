package io.vaultstream.fuzz;

import io.vaultstream.hash.CanonicalText;
import io.vaultstream.keymap.KeyText;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.TargetDatabase;
import io.vaultstream.testing.VaultDump;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a user finds in the vault after a fuzz run, checked record by record: each record loaded
 * (its key in the key map or reference table), an error row, a waiting row or, when it carries no
 * change, nothing; bad records exactly one readable BAD_RECORD row; probes' values exact; the
 * stored positions past every record.
 */
public final class VaultOutcome {
  private final VaultModel model;
  private final TargetDatabase db;
  private final String schema;
  private final Findings findings;

  public VaultOutcome(VaultModel model, TargetDatabase db, String schema, Findings findings) {
    this.model = model;
    this.db = db;
    this.schema = schema;
    this.findings = findings;
  }

  private List<String[]> query(String sql, int columns) throws SQLException {
    List<String[]> out = new ArrayList<>();
    try (Connection c = db.connect();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql.replace("$s", schema))) {
      while (rs.next()) {
        String[] row = new String[columns];
        for (int i = 0; i < columns; i++) {
          row[i] = rs.getString(i + 1);
        }
        out.add(row);
      }
    }
    return out;
  }

  /** Checks every record that was not set aside as one that stops its partition. */
  public void check(List<Decoded> decoded, Set<FuzzRecord> stopped) throws SQLException {
    Map<String, List<String[]>> errors = new HashMap<>();
    for (String[] e :
        query(
            "SELECT topic, kafka_partition, kafka_offset, error_code, target_object, message"
                + " FROM $s.vs_errors",
            6)) {
      errors.computeIfAbsent(e[0] + "/" + e[1] + "@" + e[2], k -> new ArrayList<>()).add(e);
    }
    Set<String> waiting = new HashSet<>();
    for (String[] w : query("SELECT topic, kafka_partition, kafka_offset FROM $s.vs_waiting", 3)) {
      waiting.add(w[0] + "/" + w[1] + "@" + w[2]);
    }
    Set<String> keys = new HashSet<>();
    for (String[] k : query("SELECT source_table, pk FROM $s.vs_key_map", 2)) {
      keys.add(k[0] + " " + k[1]);
    }
    for (String[] k : query("SELECT code FROM $s.ref_order_status", 1)) {
      keys.add("order_status code " + k[0]);
    }
    Map<String, String[]> probes = new HashMap<>();
    for (String[] p :
        query(
            "SELECT h.sku, s.name, s.price FROM $s.hub_product h JOIN $s.sat_product s"
                + " ON s.product_hk = h.product_hk WHERE h.sku LIKE 'PR-%'",
            3)) {
      probes.put(p[0], p);
    }
    for (Decoded d : decoded) {
      if (!stopped.contains(d.record())) {
        check(d, errors.getOrDefault(d.record().where(), List.of()), waiting, keys, probes);
      }
    }
  }

  private void check(
      Decoded d,
      List<String[]> errors,
      Set<String> waiting,
      Set<String> keys,
      Map<String, String[]> probes) {
    FuzzRecord r = d.record();
    for (String[] e : errors) {
      String problem = Readable.problem(e[5]);
      if (problem != null) {
        findings.add("b: a stored error message is not readable", r, e[3] + ": " + problem, e[5]);
      }
    }
    if (d.bad() != null) {
      long n = errors.stream().filter(e -> e[3].equals("BAD_RECORD")).count();
      if (n != 1 || errors.size() != 1) {
        findings.add(
            "b: a bad record is not exactly one BAD_RECORD error row",
            r,
            n + " BAD_RECORD rows, " + errors.size() + " error rows",
            d.bad().message());
      }
      return;
    }
    if (d.event() == null) {
      if (!errors.isEmpty()) {
        findings.add(
            "b: a record without a change has error rows", r, "error rows", errors.get(0)[5]);
      }
      return;
    }
    if (!errors.isEmpty() || waiting.contains(r.where())) {
      return;
    }
    String source = d.event().sourceTable();
    String key =
        source.equals("order_status")
            ? "order_status code " + CanonicalText.of(d.event().get("code"))
            : source + " " + KeyText.pk(pkValues(d));
    if (!keys.contains(key)) {
      findings.add(
          "b: a decoded record is neither loaded nor an error or waiting row",
          r,
          "not in the vault: " + d.event().operation() + " of " + source,
          "looked for " + Render.escape(key, 200));
      return;
    }
    if (r.probe() != null) {
      stored(r, probes.get(r.probe().sku()));
    }
  }

  private List<String> pkValues(Decoded d) {
    List<String> out = new ArrayList<>();
    for (String c : model.sources().get(d.event().sourceTable()).primaryKey()) {
      out.add(CanonicalText.of(d.event().get(c)));
    }
    return out;
  }

  /** A probe's name and price as stored: exactly what it sent. */
  private void stored(FuzzRecord r, String[] row) {
    FuzzRecord.Probe p = r.probe();
    if (row == null) {
      findings.add("b: a loaded probe has no satellite row", r, "no sat_product row", p.sku());
      return;
    }
    if (!p.name().equals(row[1])) {
      findings.add(
          "no value stored as another: a text",
          r,
          "name stored differently",
          "sent "
              + Render.escape(p.name(), 80)
              + ", stored "
              + Render.escape(String.valueOf(row[1]), 80));
    }
    if (row[2] == null || new BigDecimal(row[2]).compareTo(p.price()) != 0) {
      findings.add(
          "no value stored as another: a number",
          r,
          "price stored differently",
          "sent "
              + Render.escape(p.price().toString(), 80)
              + ", stored "
              + Render.escape(String.valueOf(row[2]), 80));
    }
  }

  /** The stored positions: past the last offset of every partition the records came from. */
  public void checkPositions(List<Decoded> decoded) throws SQLException {
    checkPositions(decoded, FuzzLoad.CONSUMER);
  }

  /** {@link #checkPositions(List)} for the positions {@code consumer} stored. */
  public void checkPositions(List<Decoded> decoded, String consumer) throws SQLException {
    Map<String, Long> expected = new HashMap<>();
    for (Decoded d : decoded) {
      FuzzRecord r = d.record();
      expected.merge(r.topic() + "/" + r.partition(), r.offset() + 1, Math::max);
    }
    Map<String, Long> stored = new HashMap<>();
    for (String[] p :
        query(
            "SELECT topic, kafka_partition, next_offset FROM $s.vs_progress WHERE consumer = '"
                + consumer
                + "'",
            3)) {
      stored.put(p[0] + "/" + p[1], Long.parseLong(p[2]));
    }
    expected.forEach(
        (partition, next) -> {
          if (!next.equals(stored.get(partition))) {
            findings.add(
                "c: the stored position does not move past every record",
                null,
                "vs_progress behind",
                partition + ": stored " + stored.get(partition) + ", expected " + next);
          }
        });
  }

  /** Every vault table without the columns a replay may rightly change (wall clock, ids). */
  public Map<String, List<String>> dump() throws SQLException {
    Set<String> clock =
        Set.of(
            "loaded_at",
            "updated_at",
            "first_seen",
            "last_attempt",
            "expires_at",
            "arrived_at",
            // How often a waiting row was rechecked: bookkeeping of the sweep, not what it holds.
            "attempts",
            "id");
    // vs_writers: the loaders' random marks, changed by every batch that writes mappings
    return VaultDump.of(db, schema, t -> !t.equals("vs_writers"), c -> !clock.contains(c));
  }

  /** Compares the dumps before and after the second load of the same records. */
  public void checkReplay(Map<String, List<String>> before, Map<String, List<String>> after) {
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
        findings.add(
            "d: a second load of the same records changes the vault",
            null,
            "table " + t + " changed",
            "rows "
                + a.size()
                + " -> "
                + b.size()
                + "; new: "
                + Render.escape(added.toString(), 300)
                + "; gone: "
                + Render.escape(removed.toString(), 300));
      }
    }
  }
}
