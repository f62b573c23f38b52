package io.vaultstream.engine;

import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.event.Progress;
import io.vaultstream.keymap.JdbcKeyMapReader;
import io.vaultstream.waiting.WaitingRecheckChoice;
import io.vaultstream.write.SchemaManager;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;

/**
 * Runs batches against the database for {@link VaultLoader} and {@link LoadPipeline}: each in one
 * transaction, written again skipping existing rows after a unique violation (a replay or another
 * writer), and loaded in parts when the database refuses a row ({@link BatchBisection}).
 */
final class BatchRunner {

  private final DataSource dataSource;
  private final boolean ownsPool;
  private final VaultDialect dialect;
  private SchemaManager schema;
  private BatchSteps steps;
  private QueueTableUpkeep upkeep;
  private CacheWatch cache;
  private JdbcBatchStore.Parts stores;
  private ShapeHealing healing;
  private final Races races;

  BatchRunner(DataSource dataSource, boolean ownsPool, VaultDialect dialect) {
    this.dataSource = dataSource;
    this.ownsPool = ownsPool;
    this.dialect = dialect;
    this.races = new Races(dialect);
  }

  /** Takes the parts made once the vault's tables are known. */
  void start(
      SchemaManager schema,
      BatchSteps steps,
      QueueTableUpkeep upkeep,
      CacheWatch cache,
      JdbcBatchStore.Parts stores) {
    this.schema = schema;
    this.stores = stores;
    this.steps = steps;
    this.upkeep = upkeep;
    this.cache = cache;
    this.healing = new ShapeHealing(schema, this::connection);
  }

  Connection connection() throws SQLException {
    Connection c = dataSource.getConnection();
    if (!ownsPool) {
      try (Statement st = c.createStatement()) {
        st.execute(dialect.connectionInitSql());
      }
    }
    c.setAutoCommit(false);
    return c;
  }

  LoadResult load(List<ChangeEvent> events, List<BadRecord> bad, Progress progress)
      throws SQLException {
    return healing.once(() -> loadOnce(events, bad, progress));
  }

  private LoadResult loadOnce(List<ChangeEvent> events, List<BadRecord> bad, Progress progress)
      throws SQLException {
    LoadResult r;
    try {
      r = attempt(events, bad, List.of(), progress, WaitingRecheckChoice.usual(false));
    } catch (SQLException e) {
      if (!isDataError(e)) {
        throw e;
      }
      r = isolate(events, bad, e, progress);
    }
    return logged(r);
  }

  private LoadResult logged(LoadResult r) {
    upkeep.after(r);
    cache.after();
    FlushLog.committed(r);
    return r;
  }

  LoadResult sweep() throws SQLException {
    return healing.once(this::sweepOnce);
  }

  private LoadResult sweepOnce() throws SQLException {
    try {
      LoadResult r =
          attempt(List.of(), List.of(), List.of(), null, WaitingRecheckChoice.usual(true));
      return r.resolved() + r.movedToErrors() + r.releasedToUnknown() + r.dropped() + r.errors() > 0
          ? logged(r)
          : r;
    } catch (SQLException e) {
      if (!isDataError(e)) {
        throw e;
      }
      return logged(isolate(List.of(), List.of(), e, null));
    }
  }

  private LoadResult attempt(
      List<ChangeEvent> events,
      List<BadRecord> bad,
      List<Problem> failed,
      Progress progress,
      WaitingRecheckChoice choice)
      throws SQLException {
    return races.write(racing -> attempt(events, bad, failed, progress, choice, racing));
  }

  private LoadResult attempt(
      List<ChangeEvent> events,
      List<BadRecord> bad,
      List<Problem> failed,
      Progress progress,
      WaitingRecheckChoice choice,
      boolean racing)
      throws SQLException {
    try (Connection c = connection()) {
      try {
        BatchStore store = stores.on(c);
        PlannedBatch b = steps.plan(store, events, bad, failed, progress, choice, true, null);
        addColumns(schema.unknownColumns(b.plan));
        return steps.write(store, b, racing);
      } catch (JdbcKeyMapReader.ReadFailure e) {
        c.rollback();
        throw e.getCause();
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      }
    }
  }

  boolean heldDue() {
    return steps.heldDue();
  }

  void forget(String topic, int partition) {
    steps.forget(topic, partition);
  }

  // ---- used by LoadPipeline ----

  /** The target database's dialect. */
  VaultDialect dialect() {
    return dialect;
  }

  /** Whether a batch planned now would run the sweep. */
  boolean sweepDue() {
    return steps.sweepDue();
  }

  /** A connection from the pool, outside any batch (the pipeline reads with it). */
  Connection readConnection() throws SQLException {
    return connection();
  }

  /** Plans a batch on {@code c} (read-only), seeing {@code inFlight}'s uncommitted changes. */
  PlannedBatch planAhead(
      Connection c,
      List<ChangeEvent> events,
      List<BadRecord> bad,
      Progress progress,
      PlannedBatch inFlight)
      throws SQLException {
    return healing.once(() -> planAheadOnce(c, events, bad, progress, inFlight));
  }

  private PlannedBatch planAheadOnce(
      Connection c,
      List<ChangeEvent> events,
      List<BadRecord> bad,
      Progress progress,
      PlannedBatch inFlight)
      throws SQLException {
    try {
      return steps.plan(
          stores.on(c),
          events,
          bad,
          List.of(),
          progress,
          WaitingRecheckChoice.usual(false),
          false,
          inFlight);
    } catch (JdbcKeyMapReader.ReadFailure e) {
      throw e.getCause();
    } finally {
      c.rollback(); // reads only: end the snapshot
    }
  }

  /** A batch's write as planned, with its own result. */
  record Written(LoadResult result, boolean asPlanned) {}

  /**
   * Writes a planned batch in one transaction; when the database rejects a value, loads the batch
   * in parts as {@link #load(List, List, Progress)} does ({@code asPlanned} false).
   */
  Written writePlanned(PlannedBatch b) throws SQLException {
    // Planned against tables the database lost: planned anew once they are there again.
    return healing.once(
        () -> writePlannedOnce(b),
        () -> new Written(loadOnce(b.received, b.bad, b.progress), false));
  }

  private Written writePlannedOnce(PlannedBatch b) throws SQLException {
    LoadResult written = null;
    try (Connection c = addColumnsThenConnect(b)) {
      try {
        written = steps.write(stores.on(c), b, false);
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        if (!(e instanceof SQLException s) || !races.isRace(s)) {
          throw e;
        }
      }
    } catch (SQLException e) {
      if (!isDataError(e)) {
        throw e;
      }
      // The database rejected a value: load the batch in parts, as load() does.
      return new Written(logged(isolate(b.received, b.bad, e, b.progress)), false);
    }
    if (written != null) {
      return new Written(logged(written), true); // committed, and its connection back in the pool
    }
    // Planned anew on the writer's connection: the batch before this one has committed.
    return new Written(loadOnce(b.received, b.bad, b.progress), false);
  }

  /** Adds the batch's new columns (a record too wide for its table fails here, as a row). */
  private Connection addColumnsThenConnect(PlannedBatch b) throws SQLException {
    addColumns(schema.unknownColumns(b.plan));
    return connection();
  }

  /** A row the database refuses (the dialect knows which failures are). */
  private boolean isDataError(SQLException e) {
    return dialect.isRejectedRow(e);
  }

  private LoadResult isolate(
      List<ChangeEvent> events, List<BadRecord> bad, SQLException first, Progress progress)
      throws SQLException {
    return BatchBisection.load(
        events,
        bad,
        first,
        progress,
        this::attempt,
        recheck -> {
          try (Connection c = connection()) {
            return steps.probe(stores.on(c), recheck);
          }
        },
        dialect);
  }

  private void addColumns(Map<String, Set<String>> seen) throws SQLException {
    if (seen.isEmpty()) {
      return;
    }
    // Columns are added in their own transaction so a failed batch does not leave the known
    // shape of a table ahead of the database.
    try (Connection c = connection()) {
      for (Map.Entry<String, Set<String>> e : seen.entrySet()) {
        schema.addColumns(c, e.getKey(), e.getValue());
      }
      c.commit();
    }
  }
}
