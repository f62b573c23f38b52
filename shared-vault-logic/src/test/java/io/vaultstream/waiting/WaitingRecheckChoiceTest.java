package io.vaultstream.waiting;

import static io.vaultstream.testing.EventFactory.at;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.plan.Recheck;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which rechecks an attempt to load a batch takes: the usual ones, none (while a rejected batch is
 * loaded in parts), or all but those the database refused on their own, which become errors.
 */
class WaitingRecheckChoiceTest {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  private final EventFactory ev = new EventFactory(SHOP);
  private final ChangeEvent heldOrder = ev.order(at(10), 1, "O1", 5L);
  private final ChangeEvent recheckedCustomer = ev.customer("u", at(11), 5, "C5");

  /**
   * A batch's rechecks: a customer rechecked whole from its waiting row, an order held in memory.
   */
  private final WaitingRow customerRow =
      new WaitingRow(
          WaitingRow.Table.WAITING_TABLE,
          "shop.public.customers",
          0,
          11,
          "customers",
          WaitingRow.WAITING,
          false,
          recheckedCustomer,
          at(11),
          0,
          Map.of());

  private final WaitingRowRechecks rows =
      new WaitingRowRechecks(
          List.of(new Recheck(recheckedCustomer, false, false)),
          identity(recheckedCustomer, customerRow),
          List.of(),
          false);

  private final List<WaitingHeldEvent> held =
      List.of(
          new WaitingHeldEvent(
              Problem.unresolved(heldOrder, "lnk_order_customer", "waits", "customers", "[\"5\"]"),
              at(10),
              600));

  private static Map<ChangeEvent, WaitingRow> identity(ChangeEvent e, WaitingRow row) {
    Map<ChangeEvent, WaitingRow> m = new IdentityHashMap<>();
    m.put(e, row);
    return m;
  }

  @Test
  void theUsualChoiceTakesEveryRecheckAndNamesWhatEachWaitedFor() {
    WaitingRecheckChoice choice = WaitingRecheckChoice.usual(false);
    WaitingRechecks rechecks = choice.apply(rows, held);

    assertThat(choice.takesRechecks()).isTrue();
    assertThat(choice.sweep()).isFalse();
    assertThat(WaitingRecheckChoice.usual(true).sweep()).isTrue();
    assertThat(rechecks.rechecks()).hasSize(2);
    assertThat(choice.taken())
        .extracting(t -> t.recheck().event(), WaitingRecheckChoice.Taken::target)
        // The rows' rechecks first, then the held events', as the batch plans them.
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(recheckedCustomer, "customers"),
            org.assertj.core.groups.Tuple.tuple(heldOrder, "lnk_order_customer"));
    assertThat(rechecks.rejected()).isEmpty();
  }

  @Test
  void noRechecksLeavesOnlyTheBatchsOwnEvents() {
    WaitingRecheckChoice choice = WaitingRecheckChoice.none();
    WaitingRechecks rechecks = choice.apply(rows, held);

    assertThat(choice.takesRechecks()).isFalse();
    assertThat(choice.sweep()).isFalse();
    assertThat(rechecks.rechecks()).isEmpty();
    assertThat(rechecks.fromHold()).as("the held order stays held").isEmpty();
    assertThat(choice.taken()).isEmpty();
  }

  @Test
  void aRecheckTheDatabaseRefusedBecomesAnErrorThatNoLongerWaits() {
    Problem refused =
        new Problem(
            heldOrder,
            Problem.CONSTRAINT_VIOLATION,
            "lnk_order_customer",
            "the database rejected the event's rows: duplicate key",
            "customers",
            "[\"5\"]");
    WaitingRecheckChoice choice =
        WaitingRecheckChoice.sweepRejecting(Map.of(heldOrder.position(), refused));
    WaitingRechecks rechecks = choice.apply(rows, held);

    assertThat(choice.sweep()).isTrue();
    assertThat(rechecks.rechecks()).extracting(Recheck::event).containsExactly(recheckedCustomer);
    assertThat(choice.taken())
        .extracting(t -> t.recheck().event())
        .containsExactly(recheckedCustomer);
    Problem error = rechecks.rejected().get(heldOrder);
    assertThat(error.code()).isEqualTo(Problem.CONSTRAINT_VIOLATION);
    assertThat(error.target()).isEqualTo("lnk_order_customer");
    assertThat(error.message()).contains("duplicate key");
    assertThat(error.waits()).as("an error row, not a waiting row").isFalse();
  }
}
