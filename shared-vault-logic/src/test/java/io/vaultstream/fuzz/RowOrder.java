package io.vaultstream.fuzz;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.RawBytes;
import io.vaultstream.hash.CanonicalText;
import io.vaultstream.keymap.KeyText;
import io.vaultstream.model.Hub;
import io.vaultstream.model.SourceTable;
import io.vaultstream.model.VaultModel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Generated records rearranged as a real topic delivers them: the events of one source row (source
 * table and primary key) in source order, in one partition. Debezium emits a row's changes in
 * commit order under one Kafka key, and one key goes to one partition, so a runtime never sees a
 * row's later change before its earlier one (except for events rechecked from waiting rows). Rows,
 * tables and batches still interleave as the generator drew them, and every record keeps its
 * content, kind and Kafka timestamp (the event time of records that carry none): only which of a
 * row's slots holds which of its events changes, and the row's partition.
 */
final class RowOrder {
  /** Source order as the engine sorts a batch: event time, then LSN (records without one last). */
  private static final Comparator<ChangeEvent> ARRIVAL =
      Comparator.comparingLong(ChangeEvent::eventTimeMicros)
          .thenComparing(e -> e.position().lsn(), Comparator.nullsLast(Comparator.naturalOrder()));

  private final VaultModel model;
  private final ChangeEventDecoder decoder;
  private final boolean byKey;

  /**
   * @param byKey whether rows that share a business key (of a hub they feed) count as one row:
   *     their events then also arrive in source order, which no topic promises
   */
  RowOrder(VaultModel model, ChangeEventDecoder decoder, boolean byKey) {
    this.model = model;
    this.decoder = decoder;
    this.byKey = byKey;
  }

  /** The order {@code -Dfuzz.order} names: null for {@code any} (records as drawn). */
  static RowOrder of(String order, VaultModel model, ChangeEventDecoder decoder) {
    return switch (order) {
      case "any" -> null;
      case "row" -> new RowOrder(model, decoder, false);
      case "key" -> new RowOrder(model, decoder, true);
      default ->
          throw new IllegalArgumentException(
              "-Dfuzz.order=" + order + " is not an order; valid: any, row, key");
    };
  }

  /**
   * The records with each source row's events (each group of rows sharing a business key, by key)
   * in source order and in the partition of its first event, renumbered: offsets count up per
   * partition in arrival order, as Kafka assigns them. A record that decodes to no event keeps its
   * slot.
   */
  List<FuzzRecord> arrange(List<FuzzRecord> records) {
    List<ChangeEvent> events = new ArrayList<>(records.size());
    Map<String, List<Integer>> slots = new LinkedHashMap<>();
    Map<String, String> parent = new HashMap<>();
    List<String> rows = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      ChangeEvent e = decode(records.get(i));
      events.add(e);
      String row = e == null ? null : row(e);
      rows.add(row);
      if (row != null && byKey) {
        // The business key as the hub key hashes it, near enough: trimmed and upper-cased.
        for (Hub hub : model.hubsFedBy(e.sourceTable())) {
          List<String> kv = new ArrayList<>();
          for (String c : hub.sources().get(e.sourceTable())) {
            kv.add(String.valueOf(CanonicalText.of(e.get(c))).trim().toUpperCase(Locale.ROOT));
          }
          union(parent, row, "hub " + hub.name() + " " + kv);
        }
      }
    }
    for (int i = 0; i < records.size(); i++) {
      String row = rows.get(i);
      if (row != null) {
        slots.computeIfAbsent(find(parent, row), k -> new ArrayList<>()).add(i);
      }
    }
    FuzzRecord[] content = records.toArray(new FuzzRecord[0]);
    int[] partition = new int[content.length];
    for (int i = 0; i < content.length; i++) {
      partition[i] = content[i].partition();
    }
    for (List<Integer> s : slots.values()) {
      List<Integer> sorted = new ArrayList<>(s);
      // A stable sort: a row's events of equal time and LSN keep the order they were drawn in,
      // which the offsets they get then also have.
      sorted.sort(Comparator.comparing(events::get, ARRIVAL));
      int p = records.get(s.get(0)).partition();
      for (int j = 0; j < s.size(); j++) {
        content[s.get(j)] = records.get(sorted.get(j));
        partition[s.get(j)] = p;
      }
    }
    Map<String, Long> offsets = new HashMap<>();
    List<FuzzRecord> out = new ArrayList<>(content.length);
    for (int i = 0; i < content.length; i++) {
      FuzzRecord r = content[i];
      long offset = offsets.merge(r.topic() + "/" + partition[i], 1L, Long::sum) - 1;
      out.add(
          new FuzzRecord(
              r.kind(),
              r.topic(),
              partition[i],
              offset,
              r.kafkaTimestampMs(),
              ("{\"o\":" + offset + "}").getBytes(StandardCharsets.UTF_8),
              r.value(),
              r.map(),
              r.probe()));
    }
    return out;
  }

  /**
   * The pairs of events of one source row that arrive against source order (decoded records in
   * arrival order): none when the records came from {@link #arrange}.
   */
  List<String> outOfOrder(List<Decoded> decoded) {
    Map<String, ChangeEvent> last = new HashMap<>();
    List<String> out = new ArrayList<>();
    for (Decoded d : decoded) {
      ChangeEvent e = d.event();
      String row = e == null ? null : row(e);
      if (row == null) {
        continue;
      }
      ChangeEvent before = last.put(row, e);
      if (before != null && ChangeEvent.SOURCE_ORDER.compare(before, e) > 0) {
        out.add(Render.escape(row, 80) + ": " + e.position() + " after " + before.position());
      }
    }
    return out;
  }

  private static String find(Map<String, String> parent, String x) {
    String r = x;
    while (parent.containsKey(r)) {
      r = parent.get(r);
    }
    return r;
  }

  private static void union(Map<String, String> parent, String a, String b) {
    String ra = find(parent, a);
    String rb = find(parent, b);
    if (!ra.equals(rb)) {
      parent.put(rb, ra);
    }
  }

  private ChangeEvent decode(FuzzRecord r) {
    try {
      Optional<ChangeEvent> e =
          r.map() != null
              ? decoder.decodeMap(
                  r.topic(),
                  r.partition(),
                  r.offset(),
                  r.kafkaTimestampMs(),
                  r.map(),
                  RawBytes.of(r.key()),
                  null)
              : decoder.decode(
                  r.topic(), r.partition(), r.offset(), r.kafkaTimestampMs(), r.key(), r.value());
      return e.orElse(null);
    } catch (Throwable t) { // NOPMD: a record that does not decode is no row's event
      return null;
    }
  }

  /** The source row an event changes, as the loader keys it; null when it names none. */
  private String row(ChangeEvent e) {
    SourceTable s = model.sources().get(e.sourceTable());
    if (s == null) {
      return null;
    }
    List<String> values = new ArrayList<>();
    for (String c : s.primaryKey()) {
      values.add(CanonicalText.of(e.get(c)));
    }
    return e.sourceTable() + " " + KeyText.pk(values);
  }
}
