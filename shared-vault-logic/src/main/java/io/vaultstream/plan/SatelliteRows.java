package io.vaultstream.plan;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.keymap.KeyTimelines;
import io.vaultstream.model.ForeignKey;
import io.vaultstream.model.Hub;
import io.vaultstream.model.LinkEnd;
import io.vaultstream.model.Satellite;
import io.vaultstream.model.VaultModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The rows of a satellite fed through a foreign key ({@code via}: the parent's hub key is the
 * business key the foreign key reaches as of the event's time, through the key map, as for a link
 * end; a parent not known yet makes the event wait like a link) and of a multi-active satellite
 * (one change of one member per event: key = parent key + multi-active key values; the writer
 * applies it to the stored set).
 */
final class SatelliteRows {
  private final VaultModel model;
  private final ItemRows rows;
  private final ParentReach reaches;

  SatelliteRows(VaultModel model, ItemRows rows, ParentReach reaches) {
    this.model = model;
    this.rows = rows;
    this.reaches = reaches;
  }

  /** Adds a via or multi-active satellite's rows of one planned event. */
  void rowsOf(
      PlanItem it,
      Satellite sat,
      Map<String, String> ownHubKeys,
      Map<String, String> linkKeys,
      KeyTimelines timelines,
      BatchPlan plan,
      LoadTimes taken,
      String rsrc) {
    ChangeEvent e = it.event();
    if (!e.operation().carriesRow() && !sat.deleteTracking()) {
      return;
    }
    String parent = parentKey(it, sat, ownHubKeys, linkKeys, timelines, plan);
    if (parent == null) {
      return;
    }
    if (sat.multiActive()) {
      memberRows(it, sat, parent, timelines, plan, taken, rsrc);
    } else {
      rows.history(
          plan, taken, sat.name(), List.of(parent), e, rsrc, sat.columns(), AuditValues.of(e, sat));
    }
  }

  /** The hash key of the satellite's parent for this event, or null when it gets no row. */
  private String parentKey(
      PlanItem it,
      Satellite sat,
      Map<String, String> ownHubKeys,
      Map<String, String> linkKeys,
      KeyTimelines timelines,
      BatchPlan plan) {
    if (sat.via() != null) {
      // Like a link end: planned on first arrival and again on every recheck of a waiting event.
      return viaParent(it, sat, it.keys(), timelines, plan, true);
    } else if (model.hubs().containsKey(sat.parent())) {
      return it.linksOnly() ? null : ownHubKeys.get(sat.parent());
    } else {
      return linkKeys.get(sat.parent());
    }
  }

  /** A multi-active satellite's member row, and the removal of the member the row left. */
  private void memberRows(
      PlanItem it,
      Satellite sat,
      String parent,
      KeyTimelines timelines,
      BatchPlan plan,
      LoadTimes taken,
      String rsrc) {
    ChangeEvent e = it.event();
    List<String> ma = BusinessKeys.values(it.keys(), sat.multiActiveKey());
    if (ma.contains(null)) {
      plan.problems.add(
          Problem.of(
              e,
              Problem.NULL_BUSINESS_KEY,
              sat.name(),
              "multi-active key "
                  + sat.multiActiveKey()
                  + " of "
                  + e.sourceTable()
                  + " "
                  + it.pk()
                  + " is NULL"));
      return;
    }
    if (e.operation().carriesRow()) {
      leftMember(it, sat, parent, ma, timelines, plan, taken, rsrc);
    }
    rows.history(plan, taken, sat.name(), memberKey(parent, ma), e, rsrc, sat.columns());
  }

  private static List<String> memberKey(String parent, List<String> ma) {
    List<String> key = new ArrayList<>(ma.size() + 1);
    key.add(parent);
    key.addAll(ma);
    return key;
  }

  /**
   * An update that moved the row to another member (its multi-active key changed) or to another
   * parent (its foreign key changed) also removes the member it was before, at the same time.
   */
  private void leftMember(
      PlanItem it,
      Satellite sat,
      String parent,
      List<String> ma,
      KeyTimelines timelines,
      BatchPlan plan,
      LoadTimes taken,
      String rsrc) {
    ChangeEvent e = it.event();
    Map<String, String> before =
        timelines.atOrBefore(e.sourceTable(), it.pk(), e.eventTimeMicros() - 1);
    if (before == null || before.equals(it.keys())) {
      return;
    }
    List<String> oldMa = BusinessKeys.values(before, sat.multiActiveKey());
    String oldParent = parent;
    if (sat.via() != null) {
      ForeignKey fk = model.sources().get(e.sourceTable()).foreignKeys().get(sat.via());
      if (!Objects.equals(
          BusinessKeys.values(before, fk.columns()),
          BusinessKeys.values(it.keys(), fk.columns()))) {
        PlanItem old = new PlanItem(e, it.source(), it.pk(), before, it.linksOnly(), false);
        oldParent = viaParent(old, sat, before, timelines, plan, false);
      }
    }
    if (oldParent == null
        || oldMa.contains(null)
        || (oldParent.equals(parent) && oldMa.equals(ma))) {
      return;
    }
    removal(sat, memberKey(oldParent, oldMa), e, plan, taken, rsrc);
  }

  /** The row that ends a member, at the event's time (or the first free microsecond after it). */
  private static void removal(
      Satellite sat,
      List<String> key,
      ChangeEvent e,
      BatchPlan plan,
      LoadTimes taken,
      String rsrc) {
    long t = taken.firstFree(sat.name(), key, e.eventTimeMicros());
    plan.add(sat.name(), new HistoryRow(key, t, rsrc, true, null, Map.of(), e.eventTimeMicros()));
  }

  /**
   * The parent hub key a satellite's foreign key reaches, or null (with a problem when {@code
   * report}): a NULL foreign key has no parent to attach to, a parent not known yet waits, and a
   * parent loaded as the unknown ghost gets no satellite row (the event stays parked until the real
   * parent comes).
   */
  private String viaParent(
      PlanItem it,
      Satellite sat,
      Map<String, String> keys,
      KeyTimelines timelines,
      BatchPlan plan,
      boolean report) {
    ChangeEvent e = it.event();
    Hub hub = model.hubs().get(sat.parent());
    ForeignKey fk = model.sources().get(e.sourceTable()).foreignKeys().get(sat.via());
    if (BusinessKeys.values(keys, fk.columns()).contains(null)) {
      if (report) {
        plan.problems.add(nullForeignKey(it, sat, fk, hub));
      }
      return null;
    }
    ParentReach.Reach r =
        reaches.reach(it, new LinkEnd(hub.name(), sat.via(), hub.hashKey()), hub, timelines, plan);
    if (r.problem() != null) {
      if (report) {
        plan.problems.add(
            new Problem(e, r.problemCode(), sat.name(), r.problem(), r.refSource(), r.refPk()));
      }
      return null;
    }
    if (r.businessKey().stream().allMatch(HashKeyCalculator.UNKNOWN_VALUE::equals)) {
      return null;
    }
    return r.hubKey();
  }

  private static Problem nullForeignKey(PlanItem it, Satellite sat, ForeignKey fk, Hub hub) {
    return Problem.of(
        it.event(),
        Problem.NULL_BUSINESS_KEY,
        sat.name(),
        "foreign key '"
            + fk.name()
            + "' "
            + fk.columns()
            + " of "
            + it.event().sourceTable()
            + " "
            + it.pk()
            + " is NULL: the row has no "
            + hub.name()
            + " to attach to");
  }
}
