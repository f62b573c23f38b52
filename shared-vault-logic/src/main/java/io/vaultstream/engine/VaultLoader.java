package io.vaultstream.engine;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.vaultstream.ddl.VaultTables;
import io.vaultstream.decode.ChangeEvent;
import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.dialect.Dialects;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.VaultModel;
import io.vaultstream.plan.BatchPlan;
import io.vaultstream.plan.BatchPlanner;
import io.vaultstream.plan.HistoryRow;
import io.vaultstream.resolve.KeyMapReader;
import io.vaultstream.resolve.KeyText;
import io.vaultstream.write.SchemaManager;
import io.vaultstream.write.VaultWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
  private SchemaManager schema;
  private VaultWriter writer;

  private VaultLoader(VaultModel model, VaultOptions options, DataSource ds, boolean ownsPool) {
    this.model = model;
    this.options = options;
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
    VaultDialect d = Dialects.forUrl(options.jdbcUrl(), options.dialect());
    HikariConfig cfg = new HikariConfig();
    cfg.setJdbcUrl(options.jdbcUrl());
    if (options.user() != null) {
      cfg.setUsername(options.user());
    }
    if (options.password() != null) {
      cfg.setPassword(options.password());
    }
    cfg.setMaximumPoolSize(options.poolMaxSize());
    cfg.setMinimumIdle(options.poolMinIdle());
    cfg.setConnectionTimeout(options.connectionTimeoutMs());
    cfg.setAutoCommit(false);
    cfg.setConnectionInitSql(d.connectionInitSql());
    cfg.setPoolName("vaultstream");
    HikariDataSource ds = new HikariDataSource(cfg);
    VaultLoader loader = new VaultLoader(model, options, ds, true);
    try {
      loader.initialize();
    } catch (SQLException | RuntimeException e) {
      ds.close();
      throw e;
    }
    return loader;
  }

  /** Uses a data source the caller owns (and closes). */
  public static VaultLoader withDataSource(VaultModel model, VaultOptions options, DataSource ds)
      throws SQLException {
    VaultLoader loader = new VaultLoader(model, options, ds, false);
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
      schema = new SchemaManager(model, dialect, hasher, target, options.autoCreate());
      schema.initialize(c);
      c.commit();
      writer = new VaultWriter(model, dialect, hasher, schema);
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

  /** The schema the vault tables are in. */
  public String targetSchema() {
    return schema.schema();
  }

  /** Loads one batch in one transaction; returns what it wrote and what it could not load. */
  public LoadResult load(List<ChangeEvent> events) throws SQLException {
    long start = System.nanoTime();
    BatchPlan plan;
    Map<String, Integer> written;
    try (Connection c = connection()) {
      try {
        plan = planner.plan(events, keyMapReader(c));
        addDiscoveredColumns(plan);
        written = writer.write(c, plan);
        c.commit();
      } catch (KeyMapReadException e) {
        c.rollback();
        throw e.getCause();
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      }
    }
    long ms = (System.nanoTime() - start) / 1_000_000;
    LoadResult r = new LoadResult(events.size(), written, List.copyOf(plan.problems), ms);
    LOG.info(
        "Loaded {} events into {} vault rows in {} ms ({} not loaded yet): {}",
        r.events(),
        r.totalRows(),
        ms,
        r.problems().size(),
        written);
    return r;
  }

  private void addDiscoveredColumns(BatchPlan plan) throws SQLException {
    Map<String, Map<String, Class<?>>> seen = new LinkedHashMap<>();
    plan.history.forEach(
        (table, rows) -> {
          if (schema.table(table).discoversColumns()) {
            Map<String, Class<?>> cols = seen.computeIfAbsent(table, t -> new LinkedHashMap<>());
            for (HistoryRow r : rows) {
              if (r.attributes() != null) {
                r.attributes().keySet().forEach(a -> cols.putIfAbsent(a, r.types().get(a)));
                r.types()
                    .forEach(
                        (a, type) -> {
                          if (cols.get(a) == null) {
                            cols.put(a, type);
                          }
                        });
              }
            }
          }
        });
    plan.earliest.forEach(
        (table, rows) -> {
          if (schema.table(table).discoversColumns()) {
            Map<String, Class<?>> cols = seen.computeIfAbsent(table, t -> new LinkedHashMap<>());
            rows.values().forEach(r -> r.values().keySet().forEach(a -> cols.putIfAbsent(a, null)));
          }
        });
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

  private KeyMapReader keyMapReader(Connection c) {
    String sql = dialect.selectKeyMap(schema.schema(), VaultTables.KEY_MAP);
    return (source, pks) -> {
      Map<String, TreeMap<Long, Map<String, String>>> out = new HashMap<>();
      try (PreparedStatement ps = c.prepareStatement(sql)) {
        ps.setString(1, source);
        ps.setArray(2, c.createArrayOf("text", pks.toArray(new String[0])));
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            out.computeIfAbsent(rs.getString(1), k -> new TreeMap<>())
                .put(rs.getLong(2), KeyText.parseValues(rs.getString(3)));
          }
        }
      } catch (SQLException e) {
        throw new KeyMapReadException(e);
      }
      return out;
    };
  }

  /** Carries an SQL failure out of the key map reader's functional interface. */
  static final class KeyMapReadException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    KeyMapReadException(SQLException cause) {
      super(cause);
    }

    @Override
    public synchronized SQLException getCause() {
      return (SQLException) super.getCause();
    }
  }

  @Override
  public void close() {
    if (ownsPool && dataSource instanceof HikariDataSource h) {
      h.close();
    }
  }
}
