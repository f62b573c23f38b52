package io.vaultstream.bench.connect;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The source database Debezium captures: the shop's six tables (the columns of the shop model's
 * sources, as the samples' events describe them) with their foreign keys, the order statuses as
 * reference rows, and the replication slot and publication the connector creates.
 */
final class ShopSource implements AutoCloseable {
  /** The connector's own replication slot and publication, dropped after each capture. */
  static final String SLOT = "vaultstream_bench";

  static final String PUBLICATION = "vaultstream_bench";

  /** The tables in the order they are created (parents first). */
  static final List<String> TABLES =
      List.of("order_status", "customers", "products", "orders", "order_lines", "payments");

  static final List<String> STATUSES = List.of("NEW", "PAID", "SHIPPED", "DELIVERED", "CANCELLED");

  private static final List<String> DDL =
      List.of(
          "CREATE TABLE order_status (code text PRIMARY KEY, description text)",
          "CREATE TABLE customers (id bigint PRIMARY KEY, customer_no text NOT NULL UNIQUE,"
              + " name text NOT NULL, email text, city text,"
              + " updated_at timestamptz NOT NULL DEFAULT '1970-01-01 00:00:00+00')",
          "CREATE TABLE products (id bigint PRIMARY KEY, sku text NOT NULL UNIQUE,"
              + " name text NOT NULL, price numeric(12,2) NOT NULL)",
          "CREATE TABLE orders (id bigint PRIMARY KEY, order_no text NOT NULL UNIQUE,"
              + " customer_id bigint NOT NULL REFERENCES customers,"
              + " ordered_at timestamptz NOT NULL,"
              + " status text NOT NULL REFERENCES order_status)",
          "CREATE TABLE order_lines (order_id bigint NOT NULL REFERENCES orders,"
              + " line_no int NOT NULL, product_id bigint NOT NULL REFERENCES products,"
              + " qty int NOT NULL, amount numeric(12,2) NOT NULL,"
              + " PRIMARY KEY (order_id, line_no))",
          "CREATE TABLE payments (id bigint PRIMARY KEY,"
              + " order_id bigint NOT NULL REFERENCES orders, paid_at timestamptz NOT NULL,"
              + " amount numeric(12,2) NOT NULL, method text NOT NULL)");

  final String url;
  final Connection db;

  ShopSource(String url) throws SQLException {
    this.url = url;
    this.db = DriverManager.getConnection(url);
  }

  /**
   * Drops what an earlier run left (the slot, the publication, the tables) and creates the tables
   * empty but for the order statuses, which the connector's initial snapshot then reads.
   */
  void recreate() throws SQLException {
    dropSlot();
    try (Statement st = db.createStatement()) {
      st.execute("DROP PUBLICATION IF EXISTS " + PUBLICATION);
      for (int i = TABLES.size() - 1; i >= 0; i--) {
        st.execute("DROP TABLE IF EXISTS public." + TABLES.get(i) + " CASCADE");
      }
      for (String ddl : DDL) {
        st.execute(ddl);
      }
    }
    try (PreparedStatement ps = db.prepareStatement("INSERT INTO order_status VALUES (?, ?)")) {
      for (String code : STATUSES) {
        ps.setString(1, code);
        ps.setString(2, "Order is " + code.toLowerCase(java.util.Locale.ROOT));
        ps.addBatch();
      }
      ps.executeBatch();
    }
  }

  /** Rows of each table now. */
  Map<String, Long> rowCounts() throws SQLException {
    Map<String, Long> out = new LinkedHashMap<>();
    for (String t : TABLES) {
      try (Statement st = db.createStatement();
          ResultSet rs = st.executeQuery("SELECT count(*) FROM public." + t)) {
        rs.next();
        out.put(t, rs.getLong(1));
      }
    }
    return out;
  }

  /** The slot's position and state, for messages; null without a slot. */
  String slotState() throws SQLException {
    try (Statement st = db.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT active, confirmed_flush_lsn, pg_current_wal_lsn()"
                    + " FROM pg_replication_slots WHERE slot_name = '"
                    + SLOT
                    + "'")) {
      return rs.next()
          ? "active "
              + rs.getBoolean(1)
              + ", confirmed "
              + rs.getString(2)
              + " of "
              + rs.getString(3)
          : null;
    }
  }

  /**
   * Drops the connector's slot (an abandoned slot keeps every later WAL segment on disk) once no
   * walsender holds it any more; the connector must have been stopped.
   */
  boolean dropSlot() throws SQLException {
    try (Statement st = db.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots"
                    + " WHERE slot_name = '"
                    + SLOT
                    + "' AND NOT active")) {
      return rs.next();
    }
  }

  /** Whether the slot exists (active or not). */
  boolean slotExists() throws SQLException {
    try (Statement st = db.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT 1 FROM pg_replication_slots WHERE slot_name = '" + SLOT + "'")) {
      return rs.next();
    }
  }

  @Override
  public void close() throws SQLException {
    db.close();
  }
}
