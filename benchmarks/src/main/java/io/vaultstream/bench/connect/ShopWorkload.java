package io.vaultstream.bench.connect;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Changes the source shop over JDBC as an application would, one business transaction at a time:
 * new customers and products, orders inserted with their 1-4 lines in one transaction, payments
 * (with the order's update to PAID), status changes, line edits and deletes, deletes of cancelled
 * orders with their lines, customer updates and deletes, price changes. Repeatable for a seed.
 * Counts the change events Debezium writes for it: one per row inserted or updated, two per row
 * deleted (the delete and its tombstone).
 */
final class ShopWorkload {
  private static final String[] CITIES = {
    "Hamburg", "Amsterdam", "Lyon", "Porto", "Gdańsk", "Malmö", "Zürich", "Tallinn"
  };
  private static final int RECENT_ORDERS = 2000;
  private static final byte NEW = 0;
  private static final byte PAID = 1;
  private static final byte SHIPPED = 2;
  private static final byte DELIVERED = 3;
  private static final byte CANCELLED = 4;
  private static final byte DELETED = -1;

  private final Connection db;
  private final SplittableRandom random;
  private final ShopStatements sql;
  private final List<Long> customers = new ArrayList<>();
  private final BitSet ordered = new BitSet();
  private byte[] orderStatus = new byte[1024];
  private byte[] orderLines = new byte[1024];
  private long clockMicros = Instant.parse("2026-01-05T08:00:00Z").toEpochMilli() * 1000;

  /** Events written so far (tombstones included), and the transactions committed. */
  long events;

  long transactions;
  long lastCustomer;
  long products;
  long lastOrder;
  long lastPayment;

  ShopWorkload(Connection db, long seed) throws SQLException {
    this.db = db;
    this.random = new SplittableRandom(seed);
    db.setAutoCommit(false);
    try (Statement st = db.createStatement()) {
      // The source's commit durability is not what is measured: the capture runs before any sink.
      st.execute("SET synchronous_commit = off");
    }
    db.commit();
    this.sql = new ShopStatements(db);
  }

  /** Runs business transactions until at least {@code n} events were written. */
  void run(long n) throws SQLException {
    while (events < n) {
      clockMicros += 1_000 + random.nextInt(400_000);
      if (customers.size() < 20) {
        newCustomer();
      } else if (products < 20) {
        newProduct();
      } else if (!mixed(random.nextInt(1000))) {
        updateCustomer();
      }
      db.commit();
      transactions++;
    }
  }

  private boolean mixed(int dice) throws SQLException {
    if (dice < 450) {
      return newOrder();
    } else if (dice < 600) {
      return pay();
    } else if (dice < 700) {
      return advanceOrder();
    } else if (dice < 750) {
      return updateLine();
    } else if (dice < 780) {
      return deleteLine();
    } else if (dice < 790) {
      return deleteOrder();
    } else if (dice < 850) {
      return newCustomer();
    } else if (dice < 910) {
      return updateCustomer();
    } else if (dice < 920) {
      return deleteCustomer();
    } else if (dice < 935) {
      return newProduct();
    } else if (dice < 985) {
      return updateProduct();
    }
    String code = ShopSource.STATUSES.get(random.nextInt(ShopSource.STATUSES.size()));
    String text = "Order is " + code.toLowerCase(java.util.Locale.ROOT);
    events += sql.exec(sql.statusText, text + " (rev " + (2 + random.nextInt(9)) + ")", code);
    return true;
  }

  private OffsetDateTime now() {
    return Instant.EPOCH.plusNanos(clockMicros * 1000).atOffset(ZoneOffset.UTC);
  }

  private boolean newCustomer() throws SQLException {
    long id = ++lastCustomer;
    customers.add(id);
    events +=
        sql.exec(
            sql.insCustomer,
            id,
            String.format("C%010d", id),
            "Customer " + id,
            email(id),
            city(),
            now());
    return true;
  }

  private String email(long id) {
    return random.nextInt(20) == 0 ? null : "customer" + id + "." + random.nextInt(100) + "@ex.org";
  }

  private String city() {
    return random.nextInt(10) == 0 ? null : CITIES[random.nextInt(CITIES.length)];
  }

  private boolean updateCustomer() throws SQLException {
    long id = customers.get(random.nextInt(customers.size()));
    events += sql.exec(sql.updCustomer, email(id), city(), now(), id);
    return true;
  }

  private boolean deleteCustomer() throws SQLException {
    int i = random.nextInt(customers.size());
    long id = customers.get(i);
    if (ordered.get((int) id)) {
      return false; // their orders refer to them
    }
    customers.set(i, customers.get(customers.size() - 1));
    customers.remove(customers.size() - 1);
    events += 2 * sql.exec(sql.delCustomer, id);
    return true;
  }

  private boolean newProduct() throws SQLException {
    long id = ++products;
    events +=
        sql.exec(
            sql.insProduct,
            id,
            String.format("SKU-%06d", id),
            "Product " + id,
            java.math.BigDecimal.valueOf(199 + random.nextInt(99_800), 2));
    return true;
  }

  private boolean updateProduct() throws SQLException {
    double factor = 1 + (random.nextInt(21) - 10) / 100.0;
    events += sql.exec(sql.updProduct, factor, 1 + random.nextInt((int) products));
    return true;
  }

  private boolean newOrder() throws SQLException {
    long customer = customers.get(random.nextInt(customers.size()));
    long id = ++lastOrder;
    if (id >= orderStatus.length) {
      orderStatus = Arrays.copyOf(orderStatus, (int) id * 2);
      orderLines = Arrays.copyOf(orderLines, (int) id * 2);
    }
    ordered.set((int) customer);
    events += sql.exec(sql.insOrder, id, String.format("O%010d", id), customer, now());
    int lines = 1 + random.nextInt(4);
    for (int line = 1; line <= lines; line++) {
      int qty = 1 + random.nextInt(5);
      long product = 1 + random.nextInt((int) products);
      events += sql.exec(sql.insLine, id, line, qty, qty, product);
    }
    orderLines[(int) id] = (byte) ((1 << lines) - 1);
    return true;
  }

  /** A recent order in {@code status} (any live one for -2), or -1. */
  private long recentOrder(int status) {
    for (int attempt = 0; lastOrder > 0 && attempt < 4; attempt++) {
      long id = lastOrder - random.nextInt((int) Math.min(RECENT_ORDERS, lastOrder));
      int s = orderStatus[(int) id];
      if (status == -2 ? s != DELETED : s == status) {
        return id;
      }
    }
    return -1;
  }

  private boolean pay() throws SQLException {
    long order = recentOrder(NEW);
    if (order < 0) {
      return false;
    }
    String method = random.nextInt(10) < 6 ? "card" : random.nextBoolean() ? "transfer" : "voucher";
    events += sql.exec(sql.insPayment, ++lastPayment, order, now(), method, order);
    orderStatus[(int) order] = PAID;
    events += sql.exec(sql.setStatus, "PAID", order);
    return true;
  }

  private boolean advanceOrder() throws SQLException {
    long order = recentOrder(-2);
    byte next =
        order < 0
            ? DELETED
            : switch (orderStatus[(int) order]) {
              case NEW -> CANCELLED;
              case PAID -> SHIPPED;
              case SHIPPED -> DELIVERED;
              default -> DELETED;
            };
    if (next == DELETED) {
      return false;
    }
    orderStatus[(int) order] = next;
    events += sql.exec(sql.setStatus, ShopSource.STATUSES.get(next), order);
    return true;
  }

  private int someLine(long order) {
    int live = orderLines[(int) order];
    int start = random.nextInt(4);
    for (int i = 0; i < 4; i++) {
      int line = 1 + (start + i) % 4;
      if ((live & (1 << (line - 1))) != 0) {
        return line;
      }
    }
    return -1;
  }

  private boolean updateLine() throws SQLException {
    long order = recentOrder(NEW);
    int line = order < 0 ? -1 : someLine(order);
    if (line < 0) {
      return false;
    }
    int qty = 1 + random.nextInt(9);
    events += sql.exec(sql.updLine, qty, qty, order, line);
    return true;
  }

  private boolean deleteLine() throws SQLException {
    long order = recentOrder(NEW);
    if (order < 0 || Integer.bitCount(orderLines[(int) order]) < 2) {
      return false;
    }
    int line = someLine(order);
    orderLines[(int) order] &= (byte) ~(1 << (line - 1));
    events += 2 * sql.exec(sql.delLine, order, line);
    return true;
  }

  private boolean deleteOrder() throws SQLException {
    long order = recentOrder(CANCELLED);
    if (order < 0) {
      return false;
    }
    events += 2 * sql.exec(sql.delLines, order);
    events += 2 * sql.exec(sql.delOrder, order);
    orderLines[(int) order] = 0;
    orderStatus[(int) order] = DELETED;
    return true;
  }
}
