package io.vaultstream.write;

import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.dialect.VaultValues;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.hash.CanonicalText;
import io.vaultstream.keymap.KeyText;
import io.vaultstream.model.ChangePolicy;
import io.vaultstream.model.Link;
import io.vaultstream.model.LinkEnd;
import io.vaultstream.model.Naming;
import io.vaultstream.model.VaultModel;
import io.vaultstream.plan.BatchPlan;
import io.vaultstream.plan.TransactionEvent;
import io.vaultstream.plan.VaultRow;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the updates and deletes of a non-historized link's source among a batch's events, once the
 * link's rows are written: a delete is always one; any other event is one when its attributes
 * disagree with the row the link holds for its key (the earliest event's). An event equal to that
 * row (a replay, a re-snapshot of an unchanged row) is none. Only events that did not write the row
 * themselves are compared, in one statement with an index probe each.
 */
final class TransactionChanges {
  private final VaultModel model;
  private final VaultValues target;
  private final VaultShape schema;
  private final Naming n;

  TransactionChanges(VaultModel model, VaultValues target, VaultShape schema) {
    this.model = model;
    this.target = target;
    this.schema = schema;
    this.n = model.naming();
  }

  /**
   * The link's changes among {@code events}.
   *
   * @param rows the batch's row per key (its earliest event's)
   * @param written the keys whose row this write inserted or moved back to the batch's row
   */
  List<BatchPlan.SetAside> find(
      VaultStore store,
      TableSpec t,
      Link link,
      List<TransactionEvent> events,
      Map<String, VaultRow> rows,
      Set<String> written)
      throws SQLException {
    List<BatchPlan.SetAside> out = new ArrayList<>();
    List<String> attrs = attributes(t, link);
    TextColumns compared = new TextColumns(comparedColumns(link, attrs));
    List<TransactionEvent> sent = new ArrayList<>();
    for (TransactionEvent e : events) {
      if (e.delete()) {
        out.add(setAside(e, link, deleted(e, link)));
        continue;
      }
      VaultRow row = rows == null ? null : rows.get(e.key());
      if (attrs.isEmpty()
          || (row != null && row.values() == e.values() && written.contains(e.key()))) {
        continue; // the event wrote the row itself
      }
      compared.add(comparedRow(sent.size(), e, attrs));
      sent.add(e);
    }
    if (compared.size() > 0) {
      store.readDiffering(
          t,
          link.hashKey(),
          attrs,
          compared,
          rs -> {
            TransactionEvent e = sent.get(Integer.parseInt(rs.text(1)));
            out.add(setAside(e, link, changed(e, link, differences(rs, e, attrs))));
          });
    }
    // Source order, whichever way each was found.
    out.sort(java.util.Comparator.comparing(BatchPlan.SetAside::event, ChangeEvent.SOURCE_ORDER));
    return out;
  }

  /** The columns sent to compare: the event's number among those sent, the key, the attributes. */
  private static List<String> comparedColumns(Link link, List<String> attrs) {
    List<String> cols = new ArrayList<>();
    cols.add(VaultDialect.ROW_NUMBER);
    cols.add(link.hashKey());
    cols.addAll(attrs);
    return cols;
  }

  private static List<String> comparedRow(int number, TransactionEvent e, List<String> attrs) {
    List<String> r = new ArrayList<>(attrs.size() + 2);
    r.add(Integer.toString(number));
    r.add(e.key());
    attrs.forEach(a -> r.add(e.values().get(a)));
    return r;
  }

  /**
   * What differs between the link's row and the event, from a row of {@link
   * VaultDialect#selectDifferingRows}: per attribute whether it differs, then the link's value.
   */
  private static List<String> differences(
      VaultStore.StoredRow rs, TransactionEvent e, List<String> attrs) throws SQLException {
    List<String> what = new ArrayList<>();
    for (int i = 0; i < attrs.size(); i++) {
      if ("true".equals(rs.text(2 + 2 * i))) {
        what.add(
            attrs.get(i)
                + " is "
                + shown(rs.text(3 + 2 * i))
                + " in the link, "
                + shown(e.values().get(attrs.get(i)))
                + " in the event");
      }
    }
    return what;
  }

  /** The link table's attribute columns: all but its keys and technical columns. */
  private List<String> attributes(TableSpec t, Link link) {
    Set<String> skip = new HashSet<>();
    skip.add(link.hashKey());
    link.hubs().stream().map(LinkEnd::column).forEach(skip::add);
    skip.addAll(link.dependentChildKey());
    skip.add(n.loadDts());
    skip.add(n.recordSource());
    skip.add(n.loadedAt());
    List<String> out = new ArrayList<>();
    for (ColumnSpec col : t.columns()) {
      if (!skip.contains(col.name())) {
        out.add(col.name());
      }
    }
    return out;
  }

  private BatchPlan.SetAside setAside(TransactionEvent e, Link link, String message) {
    return new BatchPlan.SetAside(
        e.event(), link.name(), message, link.onChange() == ChangePolicy.ERROR);
  }

  private String deleted(TransactionEvent e, Link link) {
    return "delete of "
        + row(e.event())
        + ": non-historized link "
        + link.name()
        + " keeps its row "
        + link.hashKey()
        + "="
        + e.key()
        + " as it was, "
        + advice(link);
  }

  private String changed(TransactionEvent e, Link link, List<String> what) {
    return e.event().operation().name().toLowerCase(java.util.Locale.ROOT)
        + " of "
        + row(e.event())
        + " changes the row "
        + link.hashKey()
        + "="
        + e.key()
        + " of non-historized link "
        + link.name()
        + ": "
        + String.join("; ", what)
        + "; the link keeps its first row, "
        + advice(link);
  }

  private static String advice(Link link) {
    return "as onChange \""
        + link.onChange().id()
        + "\" says (\"satellite\" keeps every version in a satellite of the link, \"ignore\" only"
        + " counts the change, \"error\" makes it an error row)";
  }

  private String row(ChangeEvent e) {
    List<String> pk = new ArrayList<>();
    for (String col : model.sources().get(e.sourceTable()).primaryKey()) {
      pk.add(CanonicalText.of(e.get(col)));
    }
    return e.sourceTable() + " " + KeyText.pk(pk) + " (" + e.position() + ")";
  }

  private static String shown(String value) {
    if (value == null) {
      return "NULL";
    }
    return value.length() > 60 ? "'" + value.substring(0, 60) + "...'" : "'" + value + "'";
  }
}
