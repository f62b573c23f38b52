package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.event.Progress;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.plan.Recheck;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.waiting.WaitingHeldEvent;
import io.vaultstream.waiting.WaitingRechecks;
import io.vaultstream.waiting.WaitingRowRechecks;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * How a batch the database rejected is split: every good event loads, each event the database
 * refuses on its own becomes an error of the right kind, and a refused recheck is set aside. The
 * attempts stand for transactions; which of them the database refuses is given by the test (the
 * database's own refusals, of real rows, are covered by ReferentialIntegrityContract and
 * HeldWaitsContract).
 */
class BatchBisectionTest {
  private static final io.vaultstream.dialect.postgres.PostgresDialect PG =
      new io.vaultstream.dialect.postgres.PostgresDialect();

  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private static final SQLException DUPLICATE =
      new SQLException("duplicate key value violates unique constraint", "23505");
  private static final SQLException BAD_NUMBER =
      new SQLException("invalid input syntax for type numeric", "22P02");

  private final EventFactory ev = new EventFactory(SHOP);
  private final List<ChangeEvent> events = new ArrayList<>();
  private final Progress progress = new Progress("isolation-test", List.of());

  /** Transactions in order: the events each committed, and the last one's recheck choice. */
  private final List<List<ChangeEvent>> committed = new ArrayList<>();

  private final List<List<Problem>> failedStored = new ArrayList<>();

  BatchBisectionTest() {
    for (int i = 0; i < 8; i++) {
      events.add(ev.customer("c", at(i), i, "C" + i));
    }
  }

  private static LoadResult loaded(int events, List<Problem> problems) {
    return new LoadResult(
        events,
        Map.of("hub_customer", events),
        problems,
        0,
        0,
        0,
        0,
        0,
        0,
        1,
        0,
        List.of(),
        0,
        List.of(),
        java.util.Set.of());
  }

  /** A database that refuses any transaction holding one of {@code refused}. */
  private BatchBisection.Attempt refusing(Map<ChangeEvent, SQLException> refused) {
    return (part, bad, failed, p, choice) -> {
      for (ChangeEvent e : part) {
        if (refused.containsKey(e)) {
          throw refused.get(e);
        }
      }
      assertThat(choice.takesRechecks())
          .as("parts are loaded without rechecks")
          .isEqualTo(p != null);
      committed.add(List.copyOf(part));
      if (p != null) {
        failedStored.add(List.copyOf(failed));
      }
      return loaded(part.size(), List.of());
    };
  }

  @Test
  void everyGoodEventLoadsOnceAndEachRefusedOneIsAnErrorOfItsKind() throws SQLException {
    ChangeEvent duplicate = events.get(2);
    ChangeEvent badNumber = events.get(5);

    LoadResult r =
        BatchBisection.load(
            events,
            List.<BadRecord>of(),
            DUPLICATE,
            progress,
            refusing(Map.of(duplicate, DUPLICATE, badNumber, BAD_NUMBER)),
            recheck -> null,
            PG);

    List<ChangeEvent> loaded = committed.stream().flatMap(List::stream).toList();
    assertThat(loaded).hasSize(6).doesNotHaveDuplicates().doesNotContain(duplicate, badNumber);
    assertThat(r.events()).isEqualTo(6);
    assertThat(r.problems())
        .extracting(Problem::event, Problem::code, Problem::target)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                duplicate, Problem.CONSTRAINT_VIOLATION, "customers"),
            org.assertj.core.groups.Tuple.tuple(badNumber, Problem.TYPE_CONVERSION, "customers"));
    assertThat(r.problems().get(1).message())
        .isEqualTo("the database rejected the event's rows: invalid input syntax for type numeric");
    // The last transaction stores the errors with the progress.
    assertThat(failedStored).hasSize(1);
    assertThat(failedStored.get(0))
        .extracting(Problem::event)
        .containsExactly(duplicate, badNumber);
  }

  @Test
  void anErrorThatIsNotAboutTheDataIsThrownAsItIs() {
    SQLException connectionLost = new SQLException("connection reset", "08006");

    assertThatThrownBy(
            () ->
                BatchBisection.load(
                    events,
                    List.of(),
                    DUPLICATE,
                    progress,
                    refusing(Map.of(events.get(3), connectionLost)),
                    recheck -> null,
                    PG))
        .isSameAs(connectionLost);
  }

  @Test
  void aRecheckTheDatabaseRefusesOnItsOwnIsStoredAsAnErrorAndTheOthersLoad() throws SQLException {
    ChangeEvent refusedRecheck = ev.order(at(20), 1, "O1", 5L);
    ChangeEvent goodRecheck = ev.order(at(21), 2, "O2", 6L);
    List<Set<ChangeEvent>> sweeps = new ArrayList<>();
    List<Map<ChangeEvent, Problem>> rejectedPerSweep = new ArrayList<>();
    BatchBisection.Attempt attempt =
        (part, bad, failed, p, choice) -> {
          List<WaitingHeldEvent> held = new ArrayList<>();
          for (ChangeEvent e : List.of(refusedRecheck, goodRecheck)) {
            Problem waits = Problem.unresolved(e, "lnk_order_customer", "w", "customers", "[]");
            held.add(new WaitingHeldEvent(waits, at(20), 600));
          }
          WaitingRechecks rechecks = choice.apply(WaitingRowRechecks.NONE, held);
          Set<ChangeEvent> taken =
              Set.copyOf(rechecks.rechecks().stream().map(Recheck::event).toList());
          sweeps.add(taken);
          rejectedPerSweep.add(Map.copyOf(rechecks.rejected()));
          if (taken.contains(refusedRecheck)) {
            throw DUPLICATE;
          }
          return loaded(part.size() + taken.size(), List.of());
        };

    LoadResult r =
        BatchBisection.load(
            events.subList(0, 2),
            List.of(),
            DUPLICATE,
            progress,
            attempt,
            recheck -> recheck.event() == refusedRecheck ? DUPLICATE : null,
            PG);

    // The events alone first, then the sweep with both rechecks, then without the refused one.
    assertThat(sweeps)
        .containsExactly(Set.of(), Set.of(refusedRecheck, goodRecheck), Set.of(goodRecheck));
    Problem stored = rejectedPerSweep.get(2).get(refusedRecheck);
    assertThat(stored.code()).isEqualTo(Problem.CONSTRAINT_VIOLATION);
    assertThat(stored.target()).isEqualTo("lnk_order_customer");
    assertThat(r.events()).isEqualTo(3);
    assertThat(r.problems()).isEmpty();
  }

  @Test
  void whenNoRecheckIsRefusedOnItsOwnTheErrorStands() {
    BatchBisection.Attempt alwaysRefusedWithRechecks =
        (part, bad, failed, p, choice) -> {
          if (choice.takesRechecks()) {
            throw DUPLICATE;
          }
          return loaded(part.size(), List.of());
        };

    assertThatThrownBy(
            () ->
                BatchBisection.load(
                    events,
                    List.of(),
                    DUPLICATE,
                    progress,
                    alwaysRefusedWithRechecks,
                    r -> null,
                    PG))
        .isSameAs(DUPLICATE);
  }
}
