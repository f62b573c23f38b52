package io.vaultstream.samples;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/** The source database's rows as far as the generator needs them to write consistent events. */
final class ShopState {
  /** The order statuses, the reference table's codes, in the order an order goes through them. */
  static final List<String> STATUSES = List.of("NEW", "PAID", "SHIPPED", "DELIVERED", "CANCELLED");

  static final int NEW = 0;
  static final int PAID = 1;
  static final int SHIPPED = 2;
  static final int DELIVERED = 3;
  static final int CANCELLED = 4;
  static final byte DELETED = -1;
  static final int MAX_LINES = 4;

  /** Live customer ids (unordered; a delete moves the last one into the gap). */
  final List<Long> customers = new ArrayList<>();

  /** Customers that placed an order (their rows are never deleted: orders refer to them). */
  final BitSet ordered = new BitSet();

  /** Price in cents by product id (index 0 unused). */
  int[] productCents = new int[1024];

  int products;
  long lastOrder;
  long lastCustomer;
  long lastPayment;
  private long[] orderCustomer = new long[1024];
  private String[] orderedAt = new String[1024];
  private byte[] orderStatus = new byte[1024];
  private byte[] liveLines = new byte[1024];
  private int[] lineProduct = new int[1024 * MAX_LINES];
  private byte[] lineQty = new byte[1024 * MAX_LINES];

  long addCustomer() {
    long id = ++lastCustomer;
    customers.add(id);
    return id;
  }

  long addProduct(int cents) {
    int id = ++products;
    if (id >= productCents.length) {
      productCents = Arrays.copyOf(productCents, id * 2);
    }
    productCents[id] = cents;
    return id;
  }

  long addOrder(long customer, String at) {
    long id = ++lastOrder;
    int i = (int) id;
    if (i >= orderStatus.length) {
      int n = i * 2;
      orderCustomer = Arrays.copyOf(orderCustomer, n);
      orderedAt = Arrays.copyOf(orderedAt, n);
      orderStatus = Arrays.copyOf(orderStatus, n);
      liveLines = Arrays.copyOf(liveLines, n);
      lineProduct = Arrays.copyOf(lineProduct, n * MAX_LINES);
      lineQty = Arrays.copyOf(lineQty, n * MAX_LINES);
    }
    orderCustomer[i] = customer;
    orderedAt[i] = at;
    orderStatus[i] = NEW;
    ordered.set((int) customer);
    return id;
  }

  void addLine(long order, int line, int product, int qty) {
    int slot = (int) order * MAX_LINES + line - 1;
    lineProduct[slot] = product;
    lineQty[slot] = (byte) qty;
    liveLines[(int) order] |= (byte) (1 << (line - 1));
  }

  void setQty(long order, int line, int qty) {
    lineQty[(int) order * MAX_LINES + line - 1] = (byte) qty;
  }

  void removeLine(long order, int line) {
    liveLines[(int) order] &= (byte) ~(1 << (line - 1));
  }

  boolean hasLine(long order, int line) {
    return (liveLines[(int) order] & (1 << (line - 1))) != 0;
  }

  int liveLineCount(long order) {
    return Integer.bitCount(liveLines[(int) order] & 0xff);
  }

  int status(long order) {
    return orderStatus[(int) order];
  }

  void setStatus(long order, int status) {
    orderStatus[(int) order] = (byte) status;
  }

  Object[] orderRow(long order) {
    int i = (int) order;
    return new Object[] {
      order,
      String.format("O%010d", order),
      orderCustomer[i],
      orderedAt[i],
      STATUSES.get(orderStatus[i])
    };
  }

  Object[] lineRow(long order, int line) {
    int slot = (int) order * MAX_LINES + line - 1;
    int product = lineProduct[slot];
    int qty = lineQty[slot];
    return new Object[] {
      order, line, (long) product, qty, cents((long) qty * productCents[product])
    };
  }

  Object[] productRow(long id) {
    return new Object[] {
      id, String.format("SKU-%06d", id), "Product " + id, cents(productCents[(int) id])
    };
  }

  static BigDecimal cents(long cents) {
    return BigDecimal.valueOf(cents, 2);
  }
}
