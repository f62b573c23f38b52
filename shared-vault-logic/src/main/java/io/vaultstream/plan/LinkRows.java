package io.vaultstream.plan;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.NamedValues;
import io.vaultstream.event.Problem;
import io.vaultstream.hash.CanonicalText;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.keymap.KeyTimelines;
import io.vaultstream.model.Hub;
import io.vaultstream.model.Link;
import io.vaultstream.model.LinkEnd;
import io.vaultstream.model.VaultModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The link row of one planned event: its hash key from the business keys each end reaches (as of
 * the event's time, through the key map) and its dependent child key; a non-historized link's row
 * also carries the event's attributes.
 */
final class LinkRows {
  private final VaultModel model;
  private final HashKeyCalculator hasher;
  private final ParentReach reaches;
  private final ItemRows rows;
  // The shared names of each historized link's rows (its ends' columns, its dependent child key,
  // its hash key: the order a row's values are made in), by link name; built here, read only after.
  private final Map<String, NamedValues.Names> linkNames = new HashMap<>();

  LinkRows(VaultModel model, HashKeyCalculator hasher, ParentReach reaches, ItemRows rows) {
    for (Link link : model.links().values()) {
      if (!link.nonHistorized()) {
        List<String> cols = new ArrayList<>();
        link.hubs().forEach(end -> cols.add(end.column()));
        cols.addAll(link.dependentChildKey());
        cols.add(link.hashKey());
        linkNames.put(link.name(), NamedValues.Names.of(cols));
      }
    }
    this.model = model;
    this.hasher = hasher;
    this.reaches = reaches;
    this.rows = rows;
  }

  /**
   * Offers the link's row of the event and returns its hash key; null, with a problem, when an end
   * is not reached (its parent not known yet, a NULL key) or every business key is NULL.
   */
  String row(PlanItem it, Link link, KeyTimelines timelines, BatchPlan plan, String rsrc) {
    ChangeEvent e = it.event();
    List<String> hashInput = new ArrayList<>();
    Values values = new Values(link, linkNames.get(link.name()));
    for (LinkEnd end : link.hubs()) {
      Hub hub = model.hubs().get(end.hub());
      ParentReach.Reach r = reaches.reach(it, end, hub, timelines, plan);
      if (r.problem() != null) {
        plan.problems.add(
            new Problem(e, r.problemCode(), link.name(), r.problem(), r.refSource(), r.refPk()));
        return null;
      }
      if (hub.collisionCode() != null) {
        hashInput.add(hub.collisionCode());
      }
      hashInput.addAll(r.businessKey());
      values.put(end.column(), r.hubKey());
    }
    dependentChildKey(it, link, hashInput, values);
    String lk = hasher.hashKey(hashInput);
    if (lk == null) {
      plan.problems.add(
          Problem.of(
              e, Problem.NULL_BUSINESS_KEY, link.name(), "every business key of the link is NULL"));
      return null;
    }
    values.put(link.hashKey(), lk);
    offerLink(e, link, lk, values.map(), plan, rsrc);
    return lk;
  }

  /**
   * A link row's values as they are made, in the order of the link's shared names when it has them
   * (then held by position, without a map entry per value), else in a map by name.
   */
  private static final class Values {
    private final NamedValues.Names names;
    private final Object[] byPosition;
    private final Map<String, String> byName;
    private int next;

    Values(Link link, NamedValues.Names names) {
      this.names = names;
      this.byPosition = names == null ? null : new Object[names.size()];
      this.byName =
          names != null
              ? null
              : new LinkedHashMap<>(
                  BatchPlanner.capacity(link.hubs().size() + link.dependentChildKey().size() + 1));
    }

    void put(String column, String value) {
      if (byPosition != null) {
        byPosition[next++] = value;
      } else {
        byName.put(column, value);
      }
    }

    Map<String, String> map() {
      return byPosition != null ? new NamedValues<>(names, byPosition) : byName;
    }
  }

  /** Adds the link's dependent child key to its hash input and row, from the event or its key. */
  private static void dependentChildKey(
      PlanItem it, Link link, List<String> hashInput, Values values) {
    for (String c : link.dependentChildKey()) {
      String v = CanonicalText.of(it.event().get(c));
      if (v == null) {
        v = it.keys().get(c);
      }
      hashInput.add(v);
      values.put(c, v);
    }
  }

  /**
   * Offers a link's row; a non-historized link's row carries its attributes, and an event of a link
   * whose changes are set aside is noted for the writer (a delete only noted).
   */
  private void offerLink(
      ChangeEvent e,
      Link link,
      String lk,
      Map<String, String> values,
      BatchPlan plan,
      String rsrc) {
    if (link.nonHistorized()) {
      if (!e.operation().carriesRow()) {
        if (link.setsChangesAside()) {
          plan.note(link.name(), new TransactionEvent(e, lk, null));
        }
        return;
      }
      values.putAll(rows.attributes(e, link.columns().isEmpty() ? null : link.columns()));
      if (link.setsChangesAside()) {
        plan.note(link.name(), new TransactionEvent(e, lk, values));
      }
    }
    plan.offer(link.name(), new VaultRow(lk, values, e.eventTimeMicros(), rsrc));
  }
}
