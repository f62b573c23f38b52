package io.vaultstream.engine;

import java.io.Serializable;

/**
 * The part of {@link VaultOptions} that says how the loader reaches its database: the URL and
 * credentials, the connection pool, and what every connection gets (isolation, socket and statement
 * timeouts, the preparation of its database process). The pool ({@code Pool}) reads nothing else.
 */
public final class ConnectionOptions implements Serializable {
  // 2: the server process's preparation; a copy from an older class would have read it as off.
  private static final long serialVersionUID = 2L;

  private final String jdbcUrl;
  private final String user;
  private final String password;
  private final String dialect;
  private final String driverClassName;
  private final String poolName;
  private final int poolMaxSize;
  private final int poolMinIdle;
  private final long connectionTimeoutMs;
  private final long poolIdleTimeoutMs;
  private final long poolMaxLifetimeMs;
  private final String transactionIsolation;
  private final long socketTimeoutMs;
  private final long statementTimeoutMs;
  private final boolean prepareServerProcess;

  ConnectionOptions(VaultOptionsBuilder b) {
    this.jdbcUrl = b.jdbcUrl;
    this.user = b.user;
    this.password = b.password;
    this.dialect = b.dialect;
    this.driverClassName = b.driverClassName;
    this.poolName = b.poolName;
    this.poolMaxSize = b.poolMaxSize;
    this.poolMinIdle = b.poolMinIdle;
    this.connectionTimeoutMs = b.connectionTimeoutMs;
    this.poolIdleTimeoutMs = b.poolIdleTimeoutMs;
    this.poolMaxLifetimeMs = b.poolMaxLifetimeMs;
    this.transactionIsolation = b.transactionIsolation;
    this.socketTimeoutMs = b.socketTimeoutMs;
    this.statementTimeoutMs = b.statementTimeoutMs;
    this.prepareServerProcess = b.prepareServerProcess;
  }

  public String jdbcUrl() {
    return jdbcUrl;
  }

  public String user() {
    return user;
  }

  public String password() {
    return password;
  }

  /** The dialect name, or null to choose it from the JDBC URL. */
  public String dialect() {
    return dialect;
  }

  /** The JDBC driver class to load, or null to find it from the URL (TARGET_JDBC_DRIVER). */
  public String driverClassName() {
    return driverClassName;
  }

  /**
   * The name of the connection pool, or null for the default {@value
   * VaultOptions#DEFAULT_POOL_NAME}. A pool given a name registers its JMX beans ({@code
   * com.zaxxer.hikari:type=Pool (<name>)}), so each loader in a JVM needs its own.
   */
  public String poolName() {
    return poolName;
  }

  public int poolMaxSize() {
    return poolMaxSize;
  }

  public int poolMinIdle() {
    return poolMinIdle;
  }

  public long connectionTimeoutMs() {
    return connectionTimeoutMs;
  }

  /** How long a pooled connection may sit idle above the minimum before it is closed. */
  public long poolIdleTimeoutMs() {
    return poolIdleTimeoutMs;
  }

  /** How long a pooled connection lives at most (0: no limit). */
  public long poolMaxLifetimeMs() {
    return poolMaxLifetimeMs;
  }

  /**
   * The transaction isolation of the pool's connections ({@code TRANSACTION_READ_COMMITTED} and so
   * on), or null for the database's default.
   */
  public String transactionIsolation() {
    return transactionIsolation;
  }

  /**
   * How long a read from the database may wait for bytes before the connection is given up (0: no
   * limit), so a database that hangs cannot hang the loader, its {@code close()} included.
   */
  public long socketTimeoutMs() {
    return socketTimeoutMs;
  }

  /** How long the database lets one statement run before cancelling it (0: no limit). */
  public long statementTimeoutMs() {
    return statementTimeoutMs;
  }

  /**
   * Whether a new connection of the loader's own pool prepares its database process for the
   * loader's statements (PostgreSQL: makes it keep the memory its statements free, see
   * docs/POSTGRESQL.md); on by default.
   */
  public boolean prepareServerProcess() {
    return prepareServerProcess;
  }
}
