package io.vaultstream.bench.connect;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** The source workload's statements, prepared once on its connection. */
final class ShopStatements {
  final PreparedStatement insCustomer;
  final PreparedStatement updCustomer;
  final PreparedStatement delCustomer;
  final PreparedStatement insProduct;
  final PreparedStatement updProduct;
  final PreparedStatement insOrder;
  final PreparedStatement insLine;
  final PreparedStatement insPayment;
  final PreparedStatement setStatus;
  final PreparedStatement updLine;
  final PreparedStatement delLine;
  final PreparedStatement delLines;
  final PreparedStatement delOrder;
  final PreparedStatement statusText;

  ShopStatements(Connection db) throws SQLException {
    insCustomer = db.prepareStatement("INSERT INTO customers VALUES (?, ?, ?, ?, ?, ?)");
    updCustomer =
        db.prepareStatement(
            "UPDATE customers SET email = ?, city = ?, updated_at = ? WHERE id = ?");
    delCustomer = db.prepareStatement("DELETE FROM customers WHERE id = ?");
    insProduct = db.prepareStatement("INSERT INTO products VALUES (?, ?, ?, ?)");
    updProduct =
        db.prepareStatement(
            "UPDATE products SET price = greatest(0.99, round(price * ?::numeric, 2))"
                + " WHERE id = ?");
    insOrder = db.prepareStatement("INSERT INTO orders VALUES (?, ?, ?, ?, 'NEW')");
    // A line's amount is its quantity at the product's price of the moment.
    insLine =
        db.prepareStatement(
            "INSERT INTO order_lines SELECT ?, ?, p.id, ?, p.price * ? FROM products p"
                + " WHERE p.id = ?");
    insPayment =
        db.prepareStatement(
            "INSERT INTO payments SELECT ?, ?, ?, coalesce(sum(amount), 0), ?"
                + " FROM order_lines WHERE order_id = ?");
    setStatus = db.prepareStatement("UPDATE orders SET status = ? WHERE id = ?");
    updLine =
        db.prepareStatement(
            "UPDATE order_lines l SET qty = ?, amount = p.price * ? FROM products p"
                + " WHERE p.id = l.product_id AND l.order_id = ? AND l.line_no = ?");
    delLine = db.prepareStatement("DELETE FROM order_lines WHERE order_id = ? AND line_no = ?");
    delLines = db.prepareStatement("DELETE FROM order_lines WHERE order_id = ?");
    delOrder = db.prepareStatement("DELETE FROM orders WHERE id = ?");
    statusText = db.prepareStatement("UPDATE order_status SET description = ? WHERE code = ?");
  }

  /** Runs {@code ps} with {@code args}; the rows it changed. */
  int exec(PreparedStatement ps, Object... args) throws SQLException {
    for (int i = 0; i < args.length; i++) {
      ps.setObject(i + 1, args[i]);
    }
    return ps.executeUpdate();
  }
}
