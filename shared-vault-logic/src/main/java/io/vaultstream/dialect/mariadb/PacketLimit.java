package io.vaultstream.dialect.mariadb;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * How many bytes of bound JSON one statement may carry on a connection: the server's {@code
 * max_allowed_packet} (fixed for a session when it starts) less room for the statement's own text
 * and the protocol. A statement over the packet limit is not refused as a statement: the server
 * closes the connection (error 1153), so every batch is cut to fit before it is sent.
 */
final class PacketLimit {
  /** Per physical connection (a pool hands out wrappers): its session's limit never changes. */
  private static final Map<Connection, Long> KNOWN =
      Collections.synchronizedMap(new WeakHashMap<>());

  /** Room left for the SQL text and the protocol: a quarter of the packet, at least 64 KiB. */
  private static final long MIN_HEADROOM = 64 * 1024;

  private PacketLimit() {}

  /** The bytes of JSON a statement on {@code c} may bind. */
  static long jsonBytes(Connection c) throws SQLException {
    Connection physical = physical(c);
    Long known = KNOWN.get(physical);
    if (known == null) {
      known = budget(read(c));
      KNOWN.put(physical, known);
    }
    return known;
  }

  /** What is left of a packet of {@code packet} bytes for bound JSON. */
  static long budget(long packet) {
    return Math.max(1, packet - Math.max(MIN_HEADROOM, packet / 4));
  }

  private static long read(Connection c) throws SQLException {
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT @@SESSION.max_allowed_packet")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static Connection physical(Connection c) {
    try {
      return c.isWrapperFor(Connection.class) ? c.unwrap(Connection.class) : c;
    } catch (SQLException e) {
      return c;
    }
  }
}
