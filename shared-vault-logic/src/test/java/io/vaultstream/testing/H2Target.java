package io.vaultstream.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.SQLException;
import org.h2.tools.Server;

/**
 * An H2 database in this JVM's memory, served over TCP on loopback: the third database of the
 * behaviour contracts, which runs the example dialect of the tests ({@code
 * io.vaultstream.dialect.h2}). Unquoted names fold to lower case, as on PostgreSQL; the database
 * lives until the JVM ends.
 */
final class H2Target extends TargetDatabase {
  static final H2Target INSTANCE = new H2Target();

  private final String url;

  private H2Target() {
    // A TCP server in this JVM, so that the loader reaches the database over a network as it
    // reaches the others (and a proxy can sit in between: FlakyDatabase).
    try {
      int port;
      try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
        port = free.getLocalPort();
      }
      Server.createTcpServer("-tcpPort", Integer.toString(port), "-ifNotExists").start();
      url =
          "jdbc:h2:tcp://127.0.0.1:"
              + port
              + "/mem:vaultstream;DB_CLOSE_DELAY=-1;DATABASE_TO_LOWER=TRUE;LOCK_TIMEOUT=10000";
    } catch (IOException | SQLException e) {
      throw new IllegalStateException("could not start the H2 server of the tests", e);
    }
  }

  @Override
  public String name() {
    return "H2";
  }

  @Override
  public String jdbcUrl() {
    return url;
  }

  @Override
  public void assumeReachable() {
    // In memory: always there.
  }

  @Override
  public String missingTableSqlState() {
    return "42S02";
  }

  @Override
  public String textDataType() {
    return "character varying";
  }

  @Override
  public String decimalType() {
    return "NUMERIC(12,2)";
  }

  @Override
  public String binaryDataType() {
    return "binary";
  }

  @Override
  protected String sparingExistingRows() {
    return "NOCHECK";
  }
}
