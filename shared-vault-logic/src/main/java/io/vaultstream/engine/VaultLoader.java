package io.vaultstream.engine;

import com.zaxxer.hikari.HikariDataSource;
import io.vaultstream.ddl.CacheFigures;
import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.dialect.Dialects;
import io.vaultstream.dialect.MaskedUrl;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.VaultModel;
import io.vaultstream.plan.BatchPlanner;
import io.vaultstream.waiting.WaitingStore;
import io.vaultstream.write.SchemaManager;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
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
  private CacheWatch cacheWatch;
  private final BatchRunner runner;

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
    this.decoder = new ChangeEventDecoder(model, options.decoder(), dialect.maxKeyChars());
    this.runner = new BatchRunner(ds, ownsPool, dialect);
    LOG.info("vaultstream uses the {} dialect for {}", dialect.name(), options);
    // Under the warnings' own logger: a command that prints its own summary can leave them to
    // 'validate'.
    org.slf4j.Logger warnings =
        org.slf4j.LoggerFactory.getLogger(io.vaultstream.model.ModelWarnings.class);
    for (io.vaultstream.model.ModelProblem w : io.vaultstream.model.ModelWarnings.of(model)) {
      warnings.warn("Model {}: {}: {}", model.name(), w.path(), w.message());
    }
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

  private void initialize() throws SQLException {
    try (Connection c = runner.connection()) {
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
      WriterMarks marks = new WriterMarks(dialect, schema);
      marks.prune(c, io.vaultstream.write.Micros.of(clock.instant()));
      progressStore = new ProgressStore(dialect, schema, options.checkStoredProgress());
      steps = BatchSteps.of(model, options, dialect, schema, hasher, planner, clock);
      cacheWatch = new CacheWatch(dialect, dataSource, target);
      runner.start(
          schema,
          steps,
          upkeep,
          cacheWatch,
          new JdbcBatchStore.Parts(
              dialect,
              schema,
              model.naming(),
              new WaitingStore(dialect, schema),
              progressStore,
              marks));
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
   * unresolved error rows are rechecked, and the watermark and retention applied, on every call (an
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
    return runner.load(events, bad, progress);
  }

  /**
   * A pipeline that plans each batch while the one before it is written (see {@link LoadPipeline});
   * {@code T} is what the caller attaches to a batch to recognise it when done.
   */
  public <T> LoadPipeline<T> pipeline(LoadPipeline.Listener<T> listener) {
    return new LoadPipeline<>(runner, listener);
  }

  /**
   * Rechecks every waiting and unresolved error row against the whole key map now, and applies the
   * watermark and the retention, in one transaction. Runtimes call it when no batch is flowing
   * (Connect does so through an empty load at an offset commit with no batch in flight; the Spark
   * job on a timer), so rows whose parent was loaded by a concurrent batch do not wait for the next
   * records.
   */
  public LoadResult sweep() throws SQLException {
    return runner.sweep();
  }

  /**
   * Whether an event has been held in memory long enough to be rechecked one last time (and become
   * a waiting row if its parent is still missing): a caller with nothing to load then loads an
   * empty batch, so held events do not wait for the next records.
   */
  public boolean heldDue() {
    return runner.heldDue();
  }

  /**
   * Forgets the events held in memory, and the positions, of a topic partition this caller no
   * longer reads (Connect: revoked) or reads again from elsewhere. Its stored position is not
   * moved: the next reader starts at the earliest event that was held. With {@link
   * VaultOptions#checkStoredProgress()}, its stored position is not checked again until a batch of
   * this loader has committed one. Call it with no batch in flight.
   */
  public void forget(String topic, int partition) {
    runner.forget(topic, partition);
    if (progressStore != null) {
      progressStore.forget(topic, partition);
    }
  }

  /**
   * Takes positions just read from the vault ({@link #progress}) for partitions the caller now
   * resumes from there as if this loader had committed them: with {@link
   * VaultOptions#checkStoredProgress()}, every batch from now on checks that the vault still holds
   * them (or the ones its batches commit after), idle partitions included.
   */
  public void expectStoredProgress(String consumer, List<Progress.Position> positions) {
    if (progressStore != null) {
      progressStore.committed(new Progress(consumer, positions));
    }
  }

  /** Stores positions in a transaction of their own, as committed by this loader. */
  public void storeProgress(Progress p) throws SQLException {
    try (Connection c = runner.connection()) {
      progressStore.store(c, p, io.vaultstream.write.Micros.of(clock.instant()));
      c.commit();
    }
    progressStore.committed(p);
  }

  /** The stored progress of a consumer: its next offset per topic partition. */
  public List<Progress.Position> progress(String consumer) throws SQLException {
    try (Connection c = runner.connection()) {
      List<Progress.Position> out = progressStore.read(c, consumer);
      c.commit();
      return out;
    }
  }

  /**
   * The sizes of the waiting and error tables now ({@link QueueSizes}): for gauges, read at most
   * every few seconds and off the loading thread (each table is counted), never per batch.
   */
  public QueueSizes queueSizes() throws SQLException {
    try (Connection c = runner.connection()) {
      QueueSizes out = QueueSizes.read(c, dialect, targetSchema());
      c.commit();
      return out;
    }
  }

  /**
   * The database's cache against the part of the vault that batches reach at random, now, or null
   * when the database cannot tell: for gauges, read at most every few minutes and off the loading
   * thread (the sizes come from the catalog, one figure per table).
   */
  public CacheSizes cacheSizes() throws SQLException {
    // The loader's own check read them a moment ago, or this read serves its next check.
    CacheFigures f = cacheWatch.recent();
    if (f == null) {
      try (Connection c = runner.connection()) {
        f = CacheFigures.read(c, dialect, targetSchema());
        c.commit();
      }
      cacheWatch.observed(f);
    }
    return f == null ? null : new CacheSizes(f.cacheBytes(), f.randomBytes());
  }

  @Override
  public void close() {
    if (ownsPool && dataSource instanceof HikariDataSource h) {
      h.close();
    }
  }
}
