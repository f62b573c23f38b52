package io.vaultstream.waiting;

import static io.vaultstream.testing.EventFactory.at;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.plan.Retry;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which retries an attempt to load a batch takes: the usual ones, none (while a rejected batch is
 * loaded in parts), or all but those the database refused on their own, which become errors.
 */
class RetryChoiceTest {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  private final EventFactory ev = new EventFactory(SHOP);
  private final ChangeEvent heldOrder = ev.order(at(10), 1, "O1", 5L);
  private final ChangeEvent retriedCustomer = ev.customer("u", at(11), 5, "C5");

  /** A batch's retries: an order held in memory for its link, and a customer retried whole. */
  private FlushRetries prepared() {
    FlushRetries prep = new FlushRetries();
    Problem waits =
        Problem.unresolved(heldOrder, "lnk_order_customer", "waits", "customers", "[\"5\"]");
    prep.retries.add(new Retry(heldOrder, true, false));
    prep.heldOrigin.put(heldOrder, new HeldWaits.Held(waits, at(10), 600));
    prep.retries.add(new Retry(retriedCustomer, false, false));
    return prep;
  }

  @Test
  void theUsualChoiceTakesEveryRetryAndNamesWhatEachWaitedFor() {
    RetryChoice choice = RetryChoice.usual(false);
    FlushRetries prep = prepared();

    choice.apply(prep);

    assertThat(choice.takesRetries()).isTrue();
    assertThat(choice.sweep()).isFalse();
    assertThat(RetryChoice.usual(true).sweep()).isTrue();
    assertThat(prep.retries).hasSize(2);
    assertThat(choice.taken())
        .extracting(t -> t.retry().event(), RetryChoice.Taken::target)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(heldOrder, "lnk_order_customer"),
            org.assertj.core.groups.Tuple.tuple(retriedCustomer, "customers"));
    assertThat(prep.rejected).isEmpty();
  }

  @Test
  void noRetriesLeavesOnlyTheBatchsOwnEvents() {
    RetryChoice choice = RetryChoice.none();
    FlushRetries prep = prepared();

    choice.apply(prep);

    assertThat(choice.takesRetries()).isFalse();
    assertThat(choice.sweep()).isFalse();
    assertThat(prep.retries).isEmpty();
    assertThat(prep.heldOrigin).as("the held order stays held").isEmpty();
    assertThat(choice.taken()).isEmpty();
  }

  @Test
  void aRetryTheDatabaseRefusedBecomesAnErrorThatNoLongerWaits() {
    Problem refused =
        new Problem(
            heldOrder,
            Problem.CONSTRAINT_VIOLATION,
            "lnk_order_customer",
            "the database rejected the event's rows: duplicate key",
            "customers",
            "[\"5\"]");
    RetryChoice choice = RetryChoice.sweepRejecting(Map.of(heldOrder.position(), refused));
    FlushRetries prep = prepared();

    choice.apply(prep);

    assertThat(choice.sweep()).isTrue();
    assertThat(prep.retries).extracting(Retry::event).containsExactly(retriedCustomer);
    assertThat(choice.taken()).extracting(t -> t.retry().event()).containsExactly(retriedCustomer);
    Problem error = prep.rejected.get(heldOrder);
    assertThat(error.code()).isEqualTo(Problem.CONSTRAINT_VIOLATION);
    assertThat(error.target()).isEqualTo("lnk_order_customer");
    assertThat(error.message()).contains("duplicate key");
    assertThat(error.waits()).as("an error row, not a waiting row").isFalse();
  }
}
