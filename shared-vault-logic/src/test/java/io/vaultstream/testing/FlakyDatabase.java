package io.vaultstream.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The test database behind a TCP proxy on loopback that drops the first connections it accepts (as
 * a database that is down or restarting does, seen through a network or a connection pooler), then
 * forwards every later one to the real server.
 */
public final class FlakyDatabase implements AutoCloseable {
  private static final Pattern HOST_PORT =
      Pattern.compile("^(jdbc:(postgresql|mariadb|h2:tcp)://)([^/:?]+)(?::(\\d+))?(/.*)$");
  private final ServerSocket server;
  private final String host;
  private final int port;
  private final String scheme;
  private final String rest;
  private final AtomicInteger toDrop;
  private final AtomicInteger accepted = new AtomicInteger();

  /** A proxy to the PostgreSQL test database that drops the first {@code drop} connections. */
  public FlakyDatabase(int drop) throws IOException {
    this(TargetDatabase.postgres(), drop);
  }

  /** A proxy to the test database that drops the first {@code drop} connections. */
  public FlakyDatabase(TargetDatabase db, int drop) throws IOException {
    Matcher m = HOST_PORT.matcher(db.jdbcUrl());
    if (!m.matches()) {
      throw new IllegalStateException(
          "not a jdbc:postgresql://, jdbc:mariadb:// or jdbc:h2:tcp://host:port/... URL");
    }
    scheme = m.group(1);
    host = m.group(3);
    port =
        m.group(4) != null
            ? Integer.parseInt(m.group(4))
            : m.group(2).equals("mariadb") ? 3306 : 5432;
    rest = m.group(5);
    toDrop = new AtomicInteger(drop);
    server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    daemon(this::acceptLoop, "flaky-database-accept");
  }

  /** The test database's JDBC URL, through the proxy. */
  public String jdbcUrl() {
    return scheme + "127.0.0.1:" + server.getLocalPort() + rest;
  }

  /** Connections accepted so far (dropped ones included). */
  public int accepted() {
    return accepted.get();
  }

  private void acceptLoop() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        accepted.incrementAndGet();
        if (toDrop.getAndDecrement() > 0) {
          client.close();
          continue;
        }
        Socket upstream = new Socket(host, port);
        daemon(() -> pump(client, upstream), "flaky-database-up");
        daemon(() -> pump(upstream, client), "flaky-database-down");
      } catch (IOException e) {
        // closed, or one connection failed: the client sees it as a dropped connection
      }
    }
  }

  private static void pump(Socket from, Socket to) {
    try (InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream()) {
      in.transferTo(out);
    } catch (IOException e) {
      // the other side closed
    } finally {
      try {
        from.close();
        to.close();
      } catch (IOException ignored) {
        // closing anyway
      }
    }
  }

  private static void daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    t.start();
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}
