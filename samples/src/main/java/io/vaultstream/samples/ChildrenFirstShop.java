package io.vaultstream.samples;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * The tests' shop ({@link ShopEventGenerator#ShopEventGenerator(String, long)}): a realistic,
 * repeatable stream of Debezium change events for the shop model: customers, products, orders with
 * lines, payments and statuses; inserts, updates and deletes whose before image carries only the
 * primary key, as PostgreSQL sends it. A new order's lines arrive before the order itself (children
 * first, so loads exercise waiting rows), orders change customer (effectivity satellites end), and
 * {@link ShopEventRenderer} writes the records under any topic prefix, with or without schemas.
 */
final class ChildrenFirstShop implements ShopStream {
  private static final String[] CITIES = {
    "Hamburg", "Amsterdam", "Lyon", "Porto", "Gdańsk", "Malmö", "Zürich"
  };
  private static final String[] STATUSES = {"NEW", "PAID", "SHIPPED", "CANCELLED"};

  private final ShopEventRenderer renderer;
  private final Random random;
  private long micros = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli() * 1000;
  private final Map<Long, String> customers = new TreeMap<>();
  private final List<Long> products = new ArrayList<>();
  private final Map<Long, Integer> orders = new TreeMap<>();
  private long nextCustomer = 1;
  private long nextProduct = 1;
  private long nextOrder = 1;
  private long nextPayment = 1;

  /** A stream under {@code topicPrefix} whose events depend only on {@code seed}. */
  ChildrenFirstShop(String topicPrefix, long seed) {
    this.renderer = new ShopEventRenderer(topicPrefix);
    this.random = new Random(seed);
  }

  /** Renders with schemas from now on. */
  void withSchemas() {
    renderer.withSchemas();
  }

  /** The next {@code count} records; an order and its lines are never split. */
  @Override
  public List<ChangeRecord> next(int count) {
    List<ChangeRecord> out = new ArrayList<>(count + 4);
    if (renderer.first()) {
      for (int i = 0; i < STATUSES.length && out.size() < count; i++) {
        out.add(
            event(
                "order_status",
                "c",
                key("code", STATUSES[i]),
                row("code", STATUSES[i], "description", "Order is " + STATUSES[i].toLowerCase())));
      }
    }
    while (out.size() < count) {
      micros += 1 + random.nextInt(400_000);
      int dice = random.nextInt(100);
      if (customers.isEmpty() || dice < 15) {
        newCustomer(out);
      } else if (products.size() < 5 || dice < 20) {
        newProduct(out);
      } else if (dice < 50 && count - out.size() >= 2) {
        newOrder(out, count - out.size() - 1);
      } else if (dice < 60 && !orders.isEmpty()) {
        payment(out);
      } else if (dice < 75) {
        updateCustomer(out);
      } else if (dice < 88 && !orders.isEmpty()) {
        updateOrder(out);
      } else if (dice < 93) {
        updateProduct(out);
      } else if (!orders.isEmpty()) {
        deleteOrderLine(out);
      }
    }
    return out;
  }

  private void newCustomer(List<ChangeRecord> out) {
    long id = nextCustomer++;
    String no = String.format("C%08d", id);
    customers.put(id, no);
    out.add(event("customers", "c", key("id", id), customerRow(id, no, "c" + id + "@example.com")));
  }

  private ObjectNode customerRow(long id, String no, String email) {
    return row(
        "id",
        id,
        "customer_no",
        no,
        "name",
        "Customer " + id,
        "email",
        email,
        "city",
        CITIES[random.nextInt(CITIES.length)],
        "updated_at",
        Instant.ofEpochSecond(micros / 1_000_000).toString());
  }

  private void newProduct(List<ChangeRecord> out) {
    long id = nextProduct++;
    products.add(id);
    out.add(event("products", "c", key("id", id), productRow(id)));
  }

  private ObjectNode productRow(long id) {
    return row(
        "id", id, "sku", String.format("SKU-%06d", id), "name", "Product " + id, "price", price());
  }

  private BigDecimal price() {
    return BigDecimal.valueOf(100 + random.nextInt(99_900), 2);
  }

  private void newOrder(List<ChangeRecord> out, int maxLines) {
    long id = nextOrder++;
    long customer = pick(customers.keySet());
    int lines = Math.min(maxLines, 1 + random.nextInt(3));
    orders.put(id, lines);
    // One transaction: the lines come first in the batch, their order right after, same time.
    List<ChangeRecord> tx = new ArrayList<>();
    for (int l = 1; l <= lines; l++) {
      tx.add(
          event(
              "order_lines",
              "c",
              key("order_id", id, "line_no", l),
              row(
                  "order_id",
                  id,
                  "line_no",
                  l,
                  "product_id",
                  products.get(random.nextInt(products.size())),
                  "qty",
                  1 + random.nextInt(5),
                  "amount",
                  price())));
    }
    tx.add(event("orders", "c", key("id", id), orderRow(id, customer, "NEW")));
    out.addAll(tx);
  }

  private void payment(List<ChangeRecord> out) {
    long order = pick(orders.keySet());
    long id = nextPayment++;
    out.add(
        event(
            "payments",
            "c",
            key("id", id),
            row(
                "id",
                id,
                "order_id",
                order,
                "paid_at",
                Instant.ofEpochSecond(micros / 1_000_000).toString(),
                "amount",
                price(),
                "method",
                random.nextBoolean() ? "card" : "transfer")));
  }

  private void updateCustomer(List<ChangeRecord> out) {
    long id = pick(customers.keySet());
    out.add(
        event(
            "customers",
            "u",
            key("id", id),
            customerRow(
                id, customers.get(id), "c" + id + "+" + random.nextInt(1000) + "@example.com")));
  }

  private void updateOrder(List<ChangeRecord> out) {
    long id = pick(orders.keySet());
    long customer = pick(customers.keySet());
    String status = STATUSES[1 + random.nextInt(STATUSES.length - 1)];
    out.add(event("orders", "u", key("id", id), orderRow(id, customer, status)));
  }

  private ObjectNode orderRow(long id, long customer, String status) {
    return row(
        "id",
        id,
        "order_no",
        String.format("O%09d", id),
        "customer_id",
        customer,
        "ordered_at",
        Instant.ofEpochSecond(micros / 1_000_000).toString(),
        "status",
        status);
  }

  private void updateProduct(List<ChangeRecord> out) {
    long id = products.get(random.nextInt(products.size()));
    out.add(event("products", "u", key("id", id), productRow(id)));
  }

  private void deleteOrderLine(List<ChangeRecord> out) {
    long order = pick(orders.keySet());
    int lines = orders.get(order);
    if (lines == 0) {
      return;
    }
    orders.put(order, lines - 1);
    // PostgreSQL's default replica identity: only the key is real, the rest are placeholders.
    out.add(
        event(
            "order_lines",
            "d",
            key("order_id", order, "line_no", lines),
            row(
                "order_id",
                order,
                "line_no",
                lines,
                "product_id",
                0,
                "qty",
                0,
                "amount",
                BigDecimal.ZERO)));
  }

  private long pick(java.util.Set<Long> ids) {
    // Ids are dense from 1 (customers, orders): pick one directly.
    return 1 + random.nextInt(ids.size());
  }

  private ChangeRecord event(String table, String op, ObjectNode key, ObjectNode image) {
    return renderer.event(table, op, key, image, micros);
  }

  private static ObjectNode row(Object... kv) {
    return ShopEventRenderer.row(kv);
  }

  private static ObjectNode key(Object... kv) {
    return ShopEventRenderer.row(kv);
  }
}
