package io.vaultstream.engine;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.vaultstream.dialect.Dialects;
import io.vaultstream.dialect.VaultDialect;

/** The engine's HikariCP pool, configured from the options. */
final class Pool {
  private Pool() {}

  static HikariDataSource open(VaultOptions options) {
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
    if (options.driverClassName() != null) {
      cfg.setDriverClassName(options.driverClassName());
    }
    cfg.setIdleTimeout(options.poolIdleTimeoutMs());
    cfg.setMaxLifetime(options.poolMaxLifetimeMs());
    if (options.transactionIsolation() != null) {
      cfg.setTransactionIsolation(options.transactionIsolation());
    }
    cfg.setAutoCommit(false);
    cfg.setConnectionInitSql(
        d.sessionInitSql(options.statementTimeoutMs(), options.prepareServerProcess()));
    // Without it HikariCP leaves the init SQL's transaction open (the pool does not auto-commit),
    // and the first transaction the loader rolls back (a plan's reads end that way) takes the
    // session's settings with it: time zone, plan cache mode, timeouts.
    cfg.setIsolateInternalQueries(true);
    d.driverProperties().forEach(cfg::addDataSourceProperty);
    // A database that stops answering fails the read instead of hanging the task (and its stop).
    d.socketTimeout(options.socketTimeoutMs()).forEach(cfg::addDataSourceProperty);
    if (options.poolName() == null) {
      cfg.setPoolName(VaultOptions.DEFAULT_POOL_NAME);
    } else {
      // Named per caller (the connector: per task), so the beans of two pools never collide.
      cfg.setPoolName(options.poolName());
      cfg.setRegisterMbeans(true);
    }
    return new HikariDataSource(cfg);
  }
}
