package io.vaultstream.testing;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Plain connections to the test database that count the SQL statements prepared on them, and can
 * make the next commit fail as a crash before commit would.
 */
public final class CountingDataSource implements DataSource {
  private final AtomicInteger statements = new AtomicInteger();
  private final AtomicBoolean failNextCommit = new AtomicBoolean();

  /** Statements prepared or created so far. */
  public int statements() {
    return statements.get();
  }

  /** The next commit throws instead of committing (the transaction is rolled back). */
  public void failNextCommit() {
    failNextCommit.set(true);
  }

  @Override
  public Connection getConnection() throws SQLException {
    Connection real = DriverManager.getConnection(TestDatabase.jdbcUrl());
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
              String name = method.getName();
              if (name.equals("prepareStatement")
                  || name.equals("createStatement")
                  || name.equals("prepareCall")) {
                statements.incrementAndGet();
              }
              if (name.equals("commit") && failNextCommit.getAndSet(false)) {
                real.rollback();
                throw new SQLException("simulated crash before commit", "08006");
              }
              try {
                return method.invoke(real, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  @Override
  public Connection getConnection(String user, String password) throws SQLException {
    return getConnection();
  }

  @Override
  public PrintWriter getLogWriter() {
    return null;
  }

  @Override
  public void setLogWriter(PrintWriter out) {}

  @Override
  public void setLoginTimeout(int seconds) {}

  @Override
  public int getLoginTimeout() {
    return 0;
  }

  @Override
  public Logger getParentLogger() {
    return Logger.getGlobal();
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    throw new SQLException("not a wrapper");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return false;
  }
}
