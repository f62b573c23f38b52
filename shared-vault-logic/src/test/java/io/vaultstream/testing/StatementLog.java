package io.vaultstream.testing;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Plain connections to the test database that remember every prepared statement the engine ran,
 * with the parameters of its first execution, so a test can look at the plans of what really ran.
 */
public final class StatementLog extends PlainDataSource {

  /** A statement as prepared (with {@code ?} placeholders) and the values bound to it. */
  public record Executed(String sql, List<Object> parameters) {}

  private final Map<String, Executed> executed = new LinkedHashMap<>();
  private final String url;

  /** Logs the statements run on the tests' PostgreSQL. */
  public StatementLog() {
    this(null);
  }

  /** Logs the statements run on the database of a JDBC URL. */
  public StatementLog(String url) {
    this.url = url;
  }

  /** Every distinct statement executed so far, in the order first seen. */
  public synchronized List<Executed> executed() {
    return new ArrayList<>(executed.values());
  }

  private synchronized void record(String sql, Map<Integer, Object> params) {
    executed.computeIfAbsent(sql, s -> new Executed(s, new ArrayList<>(params.values())));
  }

  @Override
  public Connection getConnection() throws SQLException {
    Connection real = DriverManager.getConnection(url != null ? url : TestDatabase.jdbcUrl());
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
              Object result = invoke(method, real, args);
              if (method.getName().equals("prepareStatement") && args.length == 1) {
                return recording((PreparedStatement) result, (String) args[0]);
              }
              return result;
            });
  }

  private PreparedStatement recording(PreparedStatement real, String sql) {
    Map<Integer, Object> params = new TreeMap<>();
    return (PreparedStatement)
        Proxy.newProxyInstance(
            PreparedStatement.class.getClassLoader(),
            new Class<?>[] {PreparedStatement.class},
            (proxy, method, args) -> {
              String name = method.getName();
              if (name.startsWith("set") && args != null && args.length >= 2) {
                Object v = args[1];
                params.put((Integer) args[0], v instanceof Array a ? a.getArray() : v);
              } else if (name.equals("setNull")) {
                params.put((Integer) args[0], null);
              } else if (name.startsWith("execute")) {
                record(sql, params);
              }
              return invoke(method, real, args);
            });
  }

  private static Object invoke(java.lang.reflect.Method m, Object target, Object[] args)
      throws Throwable {
    try {
      return m.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
