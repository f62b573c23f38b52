package io.vaultstream.waiting;

import static io.vaultstream.testing.EventFactory.at;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.plan.BatchPlan;
import io.vaultstream.plan.Recheck;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.waiting.WaitingRow.Table;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What each rechecked event comes to once its batch is planned: loaded, still waiting, loaded
 * against the unknown ghost, dropped when its retention ran out, held again or written as a new
 * waiting row; and which rows are deleted (never those the sweep took for their expiry, which are
 * deleted already).
 */
class WaitingSettlementTest {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private static final String LINK = "lnk_order_customer";

  private final EventFactory ev = new EventFactory(SHOP);
  private long next = 1;

  private final List<Recheck> rechecks = new ArrayList<>();
  private final Map<ChangeEvent, WaitingRow> rows = new IdentityHashMap<>();
  private final List<WaitingRow> expired = new ArrayList<>();
  private final List<WaitingHeldEvent> held = new ArrayList<>();
  private final BatchPlan plan = new BatchPlan();

  private ChangeEvent order() {
    long id = next++;
    return ev.order(at(id), id, "O" + id, 5L);
  }

  private Problem waits(ChangeEvent e) {
    return Problem.unresolved(e, LINK, "customer 5 is not known", "customers", "[\"5\"]");
  }

  /** A row rechecked from a table; an error row may be one the sweep took for its expiry. */
  private WaitingRow fromRow(Table table, boolean isExpired) {
    ChangeEvent e = order();
    WaitingRow row =
        new WaitingRow(
            table,
            e.position().topic(),
            e.position().partition(),
            e.position().offset(),
            LINK,
            table == Table.WAITING_TABLE ? WaitingRow.WAITING : Problem.UNRESOLVED_REFERENCE,
            true,
            e,
            at(1),
            2,
            Map.of());
    rechecks.add(new Recheck(e, true, false));
    rows.put(e, row);
    if (isExpired) {
      expired.add(row);
    }
    return row;
  }

  private ChangeEvent fromHold() {
    ChangeEvent e = order();
    held.add(new WaitingHeldEvent(waits(e), at(1), 600));
    return e;
  }

  private WaitingRechecks rechecks(WaitingRecheckChoice choice) {
    return choice.apply(new WaitingRowRechecks(rechecks, rows, expired, true), held);
  }

  private static Set<ChangeEvent> identitySet(ChangeEvent... events) {
    Set<ChangeEvent> out = Collections.newSetFromMap(new IdentityHashMap<>());
    out.addAll(List.of(events));
    return out;
  }

  @Test
  void rowsThatLoadAreDeletedUnlessTheSweepTookThemAlready() {
    WaitingRow waiting = fromRow(Table.WAITING_TABLE, false);
    WaitingRow error = fromRow(Table.ERROR_TABLE, false);
    WaitingRow expiredError = fromRow(Table.ERROR_TABLE, true);

    WaitingSettlement s =
        WaitingSettlement.of(rechecks(WaitingRecheckChoice.usual(true)), plan, Set.of());

    assertThat(s.resolved()).isEqualTo(3);
    assertThat(s.toDelete()).containsExactly(waiting, error);
    assertThat(s.toDelete()).doesNotContain(expiredError);
    assertThat(s.stillWaiting()).isEmpty();
    assertThat(s.toUnknown()).isEmpty();
    assertThat(s.dropped()).isEmpty();
    assertThat(s.newWaits()).isEmpty();
  }

  @Test
  void aRowWhoseParentIsStillMissingWaitsForItAgainOrIsDroppedOnceExpired() {
    WaitingRow waiting = fromRow(Table.WAITING_TABLE, false);
    WaitingRow expiredError = fromRow(Table.ERROR_TABLE, true);
    Problem stillMissing = waits(waiting.event());
    Problem missingForGood = waits(expiredError.event());
    plan.problems.add(stillMissing);
    plan.problems.add(missingForGood);

    WaitingSettlement s =
        WaitingSettlement.of(rechecks(WaitingRecheckChoice.usual(true)), plan, Set.of());

    assertThat(s.stillWaiting()).containsExactly(waiting);
    assertThat(s.dropped()).containsExactly(expiredError);
    assertThat(s.problems())
        .containsEntry(waiting, stillMissing)
        .containsEntry(expiredError, missingForGood);
    assertThat(s.toDelete()).as("one is updated, the other deleted already").isEmpty();
    assertThat(s.resolved()).isZero();
    assertThat(s.newWaits()).as("a rechecked row is no new waiting row").isEmpty();
  }

  @Test
  void aRowLoadedAgainstTheUnknownGhostIsParkedAsUnknown() {
    WaitingRow waiting = fromRow(Table.WAITING_TABLE, false);
    WaitingRow expiredError = fromRow(Table.ERROR_TABLE, true);
    plan.unknownParents.add(waiting.event());
    plan.unknownParents.add(expiredError.event());

    WaitingSettlement s =
        WaitingSettlement.of(rechecks(WaitingRecheckChoice.usual(true)), plan, Set.of());

    assertThat(s.toUnknown()).containsExactly(waiting, expiredError);
    assertThat(s.toDelete()).as("the expired row is deleted already").containsExactly(waiting);
    assertThat(s.resolved()).isZero();
    assertThat(s.stillWaiting()).isEmpty();
  }

  @Test
  void heldEventsLoadAreHeldAgainOrBecomeWaitingRowsAndNewWaitsBecomeWaitingRows() {
    fromHold(); // no problem in the plan: it loads
    ChangeEvent heldAgain = fromHold();
    ChangeEvent becomesRow = fromHold();
    ChangeEvent newEvent = order();
    ChangeEvent newHeld = order();
    Problem becomesRowWaits = waits(becomesRow);
    Problem newWaits = waits(newEvent);
    plan.problems.add(waits(heldAgain));
    plan.problems.add(becomesRowWaits);
    plan.problems.add(newWaits);
    plan.problems.add(Problem.of(newEvent, Problem.NULL_BUSINESS_KEY, "hub_order", "no key"));
    plan.problems.add(waits(newHeld));

    WaitingSettlement s =
        WaitingSettlement.of(
            rechecks(WaitingRecheckChoice.usual(false)), plan, identitySet(heldAgain, newHeld));

    assertThat(s.resolved()).as("only the held event that loaded").isOne();
    assertThat(s.newWaits()).containsExactly(becomesRowWaits, newWaits);
    assertThat(s.toDelete()).as("held events have no row").isEmpty();
  }

  @Test
  void aRecheckTheDatabaseRefusedHasItsRowDeletedUnlessTheSweepTookItAlready() {
    WaitingRow waiting = fromRow(Table.WAITING_TABLE, false);
    WaitingRow expiredError = fromRow(Table.ERROR_TABLE, true);
    ChangeEvent heldEvent = fromHold();
    WaitingRow loads = fromRow(Table.WAITING_TABLE, false);
    Problem refused = Problem.of(waiting.event(), Problem.CONSTRAINT_VIOLATION, LINK, "refused");
    WaitingRecheckChoice choice =
        WaitingRecheckChoice.sweepRejecting(
            Map.of(
                waiting.event().position(), refused,
                expiredError.event().position(), refused,
                heldEvent.position(), refused));

    WaitingSettlement s = WaitingSettlement.of(rechecks(choice), plan, Set.of());

    assertThat(s.toDelete()).containsExactly(loads, waiting);
    assertThat(s.resolved()).as("the refused ones are not rechecked").isOne();
  }
}
