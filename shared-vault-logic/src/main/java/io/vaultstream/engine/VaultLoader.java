package io.vaultstream.engine;

import com.zaxxer.hikari.HikariDataSource;
import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.dialect.Dialects;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.event.Progress;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.keymap.JdbcKeyMapReader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.plan.BatchPlanner;
import io.vaultstream.waiting.PendingCycle;
import io.vaultstream.waiting.PendingReferenceStore;
import io.vaultstream.waiting.RetryChoice;
import io.vaultstream.write.SchemaManager;
import io.vaultstream.write.VaultWriter;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's entry point: loads batches of change events into the vault, each batch in one
 * database transaction (hubs first), so a batch is either wholly in the vault or not at all.
 */
public final class VaultLoader implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(VaultLoader.class);

  private final VaultModel model;
  private final VaultOptions options;
  private final DataSource dataSource;
  private final boolean ownsPool;
  private final VaultDialect dialect;
  private final HashKeyCalculator hasher;
  private final BatchPlanner planner;
  private final ChangeEventDecoder decoder;
  private final Clock clock;
  private SchemaManager schema;
  private ProgressStore progressStore;
  private QueueTableUpkeep upkeep;
  private BatchSteps steps;

  private VaultLoader(
      VaultModel model, VaultOptions options, DataSource ds, boolean ownsPool, Clock clock) {
    this.model = model;
    this.options = options;
    this.clock = clock;
    this.dataSource = ds;
    this.ownsPool = ownsPool;
    this.dialect = Dialects.forUrl(options.jdbcUrl(), options.dialect());
    this.hasher = new HashKeyCalculator(model.hashing());
    this.planner = new BatchPlanner(model, hasher);
    this.decoder = new ChangeEventDecoder(model, options.decoder());
    LOG.info("vaultstream uses the {} dialect for {}", dialect.name(), options);
  }

  /** Opens a HikariCP pool on the options' database and prepares the vault tables. */
  public static VaultLoader open(VaultModel model, VaultOptions options) throws SQLException {
    return open(model, options, Clock.systemUTC());
  }

  /**
   * As {@link #open(VaultModel, VaultOptions)}, with the clock that drives the watermark and the
   * retention time (tests move it forward instead of waiting).
   */
  public static VaultLoader open(VaultModel model, VaultOptions options, Clock clock)
      throws SQLException {
    // A database that is down or starting when the loader starts is waited out, as writes are.
    return Retries.call(
        "Opening the vault at " + MaskedUrl.of(options.jdbcUrl()) + " (password masked)",
        options.maxRetries(),
        options.retryBackoffMs(),
        () -> openOnce(model, options, clock));
  }

  private static VaultLoader openOnce(VaultModel model, VaultOptions options, Clock clock)
      throws SQLException {
    HikariDataSource ds = Pool.open(options);
    VaultLoader loader = new VaultLoader(model, options, ds, true, clock);
    try {
      loader.initialize();
    } catch (SQLException | RuntimeException e) {
      ds.close();
      throw e;
    }
    return loader;
  }

  /** Uses a data source the caller owns (and closes). */
  public static VaultLoader withDataSource(
      VaultModel model, VaultOptions options, DataSource ds, Clock clock) throws SQLException {
    VaultLoader loader = new VaultLoader(model, options, ds, false, clock);
    loader.initialize();
    return loader;
  }

  private Connection connection() throws SQLException {
    Connection c = dataSource.getConnection();
    if (!ownsPool) {
      try (Statement st = c.createStatement()) {
        st.execute(dialect.connectionInitSql());
      }
    }
    c.setAutoCommit(false);
    return c;
  }

  private void initialize() throws SQLException {
    try (Connection c = connection()) {
      String target = options.targetSchema();
      if (target == null) {
        try (Statement st = c.createStatement();
            ResultSet rs = st.executeQuery(dialect.currentSchema())) {
          rs.next();
          target = rs.getString(1);
        }
      }
      schema =
          new SchemaManager(
              model,
              dialect,
              hasher,
              target,
              options.autoCreate(),
              options.autoEvolve(),
              options.ddlLockTimeoutMs());
      upkeep = new QueueTableUpkeep(dialect, dataSource, target);
      schema.initialize(c);
      c.commit();
      progressStore = new ProgressStore(dialect, schema);
      steps =
          new BatchSteps(
              options,
              dialect,
              schema,
              planner,
              new VaultWriter(model, dialect, hasher, schema),
              new PendingCycle(
                  model, new PendingReferenceStore(dialect, schema), options.waitingPolicy()),
              progressStore,
              clock);
    }
  }

  /** The decoder for this model (turns Kafka records into change events). */
  public ChangeEventDecoder decoder() {
    return decoder;
  }

  /** The model loaded. */
  public VaultModel model() {
    return model;
  }

  /** The dialect in use. */
  public VaultDialect dialect() {
    return dialect;
  }

  /** The schema the vault tables are in. */
  public String targetSchema() {
    return schema.schema();
  }

  /** Loads one batch in one transaction; returns what it wrote and what it could not load. */
  public LoadResult load(List<ChangeEvent> events) throws SQLException {
    return load(events, List.of());
  }

  /**
   * Loads one batch of events, and records that could not be decoded, in one transaction: vault
   * rows, key map, waiting rows and error rows commit together or not at all. Waiting and
   * unresolved error rows are retried, and the watermark and retention applied, on every call (an
   * empty batch included).
   *
   * <p>When the database rejects a value (a data or constraint error), the batch is loaded in parts
   * so that every good event loads and each failing one lands in the error table.
   */
  public LoadResult load(List<ChangeEvent> events, List<BadRecord> bad) throws SQLException {
    return load(events, bad, null);
  }

  /**
   * As {@link #load(List, List)}, also storing the consumer's progress in the same transaction, so
   * the stored position never runs ahead of, or behind, the rows.
   */
  public LoadResult load(List<ChangeEvent> events, List<BadRecord> bad, Progress progress)
      throws SQLException {
    LoadResult r;
    try {
      r = attempt(events, bad, List.of(), progress, RetryChoice.usual(false));
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
    LOG.info(
        "Flushed {} events: {} vault rows in {} ms; {} new rows waiting for a parent, {} events"
            + " held in memory waiting for one, {} resolved, {} moved to the error table, {} loaded"
            + " against the unknown ghost, {} dropped, {} new error rows",
        r.events(),
        r.totalRows(),
        r.millis(),
        r.waiting(),
        r.held(),
        r.resolved(),
        r.movedToErrors(),
        r.releasedToUnknown(),
        r.dropped(),
        r.errors());
    LOG.debug("Rows per vault table: {}", r.rowsWritten());
    return r;
  }

  /**
   * A pipeline that plans each batch while the one before it is written (see {@link LoadPipeline});
   * {@code T} is what the caller attaches to a batch to recognise it when done.
   */
  public <T> LoadPipeline<T> pipeline(LoadPipeline.Listener<T> listener) {
    return new LoadPipeline<>(this, listener);
  }

  /**
   * Retries every waiting and unresolved error row against the whole key map now, and applies the
   * watermark and the retention, in one transaction. Runtimes call it when no batch is flowing
   * (Connect does so at every offset commit through an empty load; the Spark job on a timer), so
   * rows whose parent was loaded by a concurrent batch do not wait for the next records.
   */
  public LoadResult sweep() throws SQLException {
    try {
      LoadResult r = attempt(List.of(), List.of(), List.of(), null, RetryChoice.usual(true));
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
      RetryChoice choice)
      throws SQLException {
    try {
      return attempt(events, bad, failed, progress, choice, false);
    } catch (SQLException e) {
      if (!isRace(e)) {
        throw e;
      }
      return attempt(events, bad, failed, progress, choice, true);
    }
  }

  /**
   * A unique violation while inserting satellite versions or key map entries: the events were
   * loaded before (a replay), or another writer inserted the same rows after this batch read them.
   * The batch is then written again, skipping rows that exist.
   */
  private boolean isRace(SQLException e) {
    boolean race = dialect.isUniqueViolation(e);
    if (race) {
      LOG.info(
          "Some rows of the batch exist already (a replay, or another writer; {}); writing the"
              + " batch again, skipping them",
          e.getMessage());
    }
    return race;
  }

  private LoadResult attempt(
      List<ChangeEvent> events,
      List<BadRecord> bad,
      List<Problem> failed,
      Progress progress,
      RetryChoice choice,
      boolean racing)
      throws SQLException {
    try (Connection c = connection()) {
      try {
        PlannedBatch b = steps.plan(c, events, bad, failed, progress, choice, true, null);
        addColumns(schema.unknownColumns(b.plan));
        return steps.write(c, b, racing);
      } catch (JdbcKeyMapReader.ReadFailure e) {
        c.rollback();
        throw e.getCause();
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      }
    }
  }

  /**
   * Whether an event has been held in memory long enough to be retried one last time (and become a
   * waiting row if its parent is still missing): a caller with nothing to load then loads an empty
   * batch, so held events do not wait for the next records.
   */
  public boolean heldDue() {
    return steps.heldDue();
  }

  /**
   * Forgets the events held in memory, and the positions, of a topic partition this caller no
   * longer reads (Connect: revoked). Its stored position is not moved: the next reader starts at
   * the earliest event that was held. Call it with no batch in flight.
   */
  public void forget(String topic, int partition) {
    steps.forget(topic, partition);
  }

  // ---- used by LoadPipeline ----

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
    try {
      return steps.plan(
          c, events, bad, List.of(), progress, RetryChoice.usual(false), false, inFlight);
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
    addColumns(schema.unknownColumns(b.plan));
    try (Connection c = connection()) {
      try {
        return new Written(logged(steps.write(c, b, false)), true);
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        if (!(e instanceof SQLException s) || !isRace(s)) {
          throw e;
        }
      }
    } catch (SQLException e) {
      if (!isDataError(e)) {
        throw e;
      }
      // The database rejected a value: load the batch in parts, as load() does.
      return new Written(logged(isolate(b.events, b.bad, e, b.progress)), false);
    }
    // Planned anew on the writer's connection: the batch before this one has committed.
    return new Written(load(b.events, b.bad, b.progress), false);
  }

  /** The stored progress of a consumer: its next offset per topic partition. */
  public List<Progress.Position> progress(String consumer) throws SQLException {
    try (Connection c = connection()) {
      List<Progress.Position> out = progressStore.read(c, consumer);
      c.commit();
      return out;
    }
  }

  /** SQLSTATE class 22 (data exception) or 23 (integrity constraint violation). */
  private boolean isDataError(SQLException e) {
    return dialect.isRejectedRow(e);
  }

  private LoadResult isolate(
      List<ChangeEvent> events, List<BadRecord> bad, SQLException first, Progress progress)
      throws SQLException {
    return Isolation.load(
        events,
        bad,
        first,
        progress,
        this::attempt,
        retry -> {
          try (Connection c = connection()) {
            return steps.probe(c, retry);
          }
        },
        dialect);
  }

  private void addColumns(Map<String, Map<String, Class<?>>> seen) throws SQLException {
    if (seen.isEmpty()) {
      return;
    }
    // Columns are added in their own transaction so a failed batch does not leave the known
    // shape of a table ahead of the database.
    try (Connection c = connection()) {
      for (Map.Entry<String, Map<String, Class<?>>> e : seen.entrySet()) {
        schema.addColumns(c, e.getKey(), e.getValue());
      }
      c.commit();
    }
  }

  @Override
  public void close() {
    if (ownsPool && dataSource instanceof HikariDataSource h) {
      h.close();
    }
  }
}
