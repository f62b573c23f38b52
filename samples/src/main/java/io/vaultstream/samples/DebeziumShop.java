package io.vaultstream.samples;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The benchmarks' shop ({@link ShopEventGenerator#debezium}): a deterministic stream of change
 * events, exactly as Debezium's PostgreSQL connector ({@code decimal.handling.mode=precise}) and
 * Kafka's JsonConverter with schemas write them. About a fifth of the events are new orders, each
 * with 1-4 lines in the same transaction; the rest are payments (with the order's update to PAID),
 * status changes, line edits and deletes, a few order deletes, customers and products (inserts,
 * updates) and the order status reference rows. Every delete is followed by its tombstone. Source
 * times increase; a transaction's events share one.
 */
final class DebeziumShop implements ShopStream {
  private static final DateTimeFormatter ZONED =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);
  private static final String[] CITIES = {
    "Hamburg", "Amsterdam", "Lyon", "Porto", "Gdańsk", "Malmö", "Zürich", "Tallinn"
  };
  private static final int RECENT_ORDERS = 2000;

  private final SplittableRandom random;
  private final ShopState state = new ShopState();
  private final SourceLog log;
  private long clockMicros = Instant.parse("2026-01-05T08:00:00Z").toEpochMilli() * 1000;
  private boolean started;

  /** A stream whose events depend only on {@code seed}. */
  DebeziumShop(long seed) {
    this.random = new SplittableRandom(seed);
    this.log = new SourceLog(random);
  }

  /**
   * The next {@code count} records (tombstones count as records). A transaction may end in the next
   * call's records: the stream is the same whatever the chunks asked for.
   */
  @Override
  public List<ChangeRecord> next(int count) {
    List<ChangeRecord> out = new ArrayList<>(count);
    while (out.size() < count) {
      if (log.pending.isEmpty()) {
        step();
      }
      out.add(log.pending.poll());
    }
    return out;
  }

  private void step() {
    clockMicros += 1_000 + random.nextInt(400_000);
    if (!started) {
      started = true;
      log.begin(clockMicros);
      for (String code : ShopState.STATUSES) {
        log.emit("order_status", "c", null, new Object[] {code, description(code, 1)});
      }
      log.commit();
    } else if (state.customers.size() < 20) {
      newCustomer();
    } else if (state.products < 20) {
      newProduct();
    } else {
      mixed(random.nextInt(1000));
    }
  }

  private void mixed(int dice) {
    boolean done;
    if (dice < 470) {
      done = newOrder();
    } else if (dice < 630) {
      done = pay();
    } else if (dice < 730) {
      done = advanceOrder();
    } else if (dice < 780) {
      done = updateLine();
    } else if (dice < 810) {
      done = deleteLine();
    } else if (dice < 820) {
      done = deleteOrder();
    } else if (dice < 880) {
      done = newCustomer();
    } else if (dice < 940) {
      done = updateCustomer();
    } else if (dice < 950) {
      done = deleteCustomer();
    } else if (dice < 965) {
      done = newProduct();
    } else if (dice < 995) {
      done = updateProduct();
    } else {
      done = updateStatusDescription();
    }
    if (!done) {
      updateCustomer();
    }
  }

  private boolean newOrder() {
    long customer = state.customers.get(random.nextInt(state.customers.size()));
    log.begin(clockMicros);
    long order =
        state.addOrder(customer, ZONED.format(Instant.EPOCH.plusNanos(clockMicros * 1000)));
    log.emit("orders", "c", null, state.orderRow(order));
    int lines = 1 + random.nextInt(ShopState.MAX_LINES);
    for (int line = 1; line <= lines; line++) {
      state.addLine(order, line, 1 + random.nextInt(state.products), 1 + random.nextInt(5));
      log.emit("order_lines", "c", null, state.lineRow(order, line));
    }
    log.commit();
    return true;
  }

  private long recentOrder(int status) {
    for (int attempt = 0; state.lastOrder > 0 && attempt < 4; attempt++) {
      long id = state.lastOrder - random.nextInt((int) Math.min(RECENT_ORDERS, state.lastOrder));
      if (id > 0 && (status < 0 ? state.status(id) >= 0 : state.status(id) == status)) {
        return id;
      }
    }
    return -1;
  }

  private boolean pay() {
    long order = recentOrder(ShopState.NEW);
    if (order < 0) {
      return false;
    }
    long total = 0;
    for (int line = 1; line <= ShopState.MAX_LINES; line++) {
      if (state.hasLine(order, line)) {
        total += ((java.math.BigDecimal) state.lineRow(order, line)[4]).unscaledValue().longValue();
      }
    }
    log.begin(clockMicros);
    Object[] payment = {
      ++state.lastPayment, order, timestamp(), ShopState.cents(total), method(),
    };
    log.emit("payments", "c", null, payment);
    state.setStatus(order, ShopState.PAID);
    log.emit("orders", "u", null, state.orderRow(order));
    log.commit();
    return true;
  }

  private String method() {
    int m = random.nextInt(10);
    return m < 6 ? "card" : m < 9 ? "transfer" : "voucher";
  }

  private boolean advanceOrder() {
    long order = recentOrder(-1);
    if (order < 0) {
      return false;
    }
    int next =
        switch (state.status(order)) {
          case ShopState.NEW -> ShopState.CANCELLED;
          case ShopState.PAID -> ShopState.SHIPPED;
          case ShopState.SHIPPED -> ShopState.DELIVERED;
          default -> -1;
        };
    if (next < 0) {
      return false;
    }
    state.setStatus(order, next);
    single("orders", "u", state.orderRow(order));
    return true;
  }

  private int someLine(long order) {
    int start = random.nextInt(ShopState.MAX_LINES);
    for (int i = 0; i < ShopState.MAX_LINES; i++) {
      int line = 1 + (start + i) % ShopState.MAX_LINES;
      if (state.hasLine(order, line)) {
        return line;
      }
    }
    return -1;
  }

  private boolean updateLine() {
    long order = recentOrder(ShopState.NEW);
    int line = order < 0 ? -1 : someLine(order);
    if (line < 0) {
      return false;
    }
    state.setQty(order, line, 1 + random.nextInt(9));
    single("order_lines", "u", state.lineRow(order, line));
    return true;
  }

  private boolean deleteLine() {
    long order = recentOrder(ShopState.NEW);
    if (order < 0 || state.liveLineCount(order) < 2) {
      return false;
    }
    int line = someLine(order);
    log.begin(clockMicros);
    log.delete("order_lines", state.lineRow(order, line));
    state.removeLine(order, line);
    log.commit();
    return true;
  }

  private boolean deleteOrder() {
    long order = recentOrder(ShopState.CANCELLED);
    if (order < 0) {
      return false;
    }
    log.begin(clockMicros);
    for (int line = 1; line <= ShopState.MAX_LINES; line++) {
      if (state.hasLine(order, line)) {
        log.delete("order_lines", state.lineRow(order, line));
        state.removeLine(order, line);
      }
    }
    log.delete("orders", state.orderRow(order));
    state.setStatus(order, ShopState.DELETED);
    log.commit();
    return true;
  }

  private boolean newCustomer() {
    long id = state.addCustomer();
    single("customers", "c", customerRow(id));
    return true;
  }

  private Object[] customerRow(long id) {
    String email =
        random.nextInt(20) == 0
            ? null
            : "customer" + id + "." + random.nextInt(100) + "@example.org";
    String city = random.nextInt(10) == 0 ? null : CITIES[random.nextInt(CITIES.length)];
    return new Object[] {
      id, String.format("C%010d", id), "Customer " + id, email, city, timestamp()
    };
  }

  private boolean updateCustomer() {
    long id = state.customers.get(random.nextInt(state.customers.size()));
    single("customers", "u", customerRow(id));
    return true;
  }

  private boolean deleteCustomer() {
    int i = random.nextInt(state.customers.size());
    long id = state.customers.get(i);
    if (state.ordered.get((int) id)) {
      return false;
    }
    state.customers.set(i, state.customers.get(state.customers.size() - 1));
    state.customers.remove(state.customers.size() - 1);
    log.begin(clockMicros);
    log.delete("customers", customerRow(id));
    log.commit();
    return true;
  }

  private boolean newProduct() {
    long id = state.addProduct(199 + random.nextInt(99_800));
    single("products", "c", state.productRow(id));
    return true;
  }

  private boolean updateProduct() {
    int id = 1 + random.nextInt(state.products);
    int cents = state.productCents[id];
    state.productCents[id] = Math.max(99, cents + (random.nextInt(21) - 10) * cents / 100);
    single("products", "u", state.productRow(id));
    return true;
  }

  private boolean updateStatusDescription() {
    String code = ShopState.STATUSES.get(random.nextInt(ShopState.STATUSES.size()));
    single("order_status", "u", new Object[] {code, description(code, 2 + random.nextInt(9))});
    return true;
  }

  private static String description(String code, int revision) {
    return "Order is " + code.toLowerCase(java.util.Locale.ROOT) + " (rev " + revision + ")";
  }

  private String timestamp() {
    return ZONED.format(Instant.EPOCH.plusNanos(clockMicros * 1000));
  }

  private void single(String table, String op, Object[] row) {
    log.begin(clockMicros);
    log.emit(table, op, null, row);
    log.commit();
  }
}
