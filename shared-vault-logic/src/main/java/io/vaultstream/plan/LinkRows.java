package io.vaultstream.plan;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.hash.CanonicalText;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.keymap.KeyTimelines;
import io.vaultstream.model.Hub;
import io.vaultstream.model.Link;
import io.vaultstream.model.LinkEnd;
import io.vaultstream.model.VaultModel;
import java.util.ArrayList;
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

  LinkRows(VaultModel model, HashKeyCalculator hasher, ParentReach reaches, ItemRows rows) {
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
    Map<String, String> values =
        new LinkedHashMap<>(
            BatchPlanner.capacity(link.hubs().size() + link.dependentChildKey().size() + 1));
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
    offerLink(e, link, lk, values, plan, rsrc);
    return lk;
  }

  /** Adds the link's dependent child key to its hash input and row, from the event or its key. */
  private static void dependentChildKey(
      PlanItem it, Link link, List<String> hashInput, Map<String, String> values) {
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
