package io.vaultstream.testing;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Plain connections to the test database that count the SQL statements prepared on them, and can
 * make the next commit fail as a crash before commit would.
 */
public final class CountingDataSource extends PlainDataSource {
  private final AtomicInteger statements = new AtomicInteger();
  private final AtomicBoolean failNextCommit = new AtomicBoolean();
  private final String url;

  /** Connections to the PostgreSQL test database. */
  public CountingDataSource() {
    this(TargetDatabase.postgres());
  }

  /** Connections to the given test database. */
  public CountingDataSource(TargetDatabase db) {
    this.url = db.jdbcUrl();
  }

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
    Connection real = DriverManager.getConnection(url);
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
}
