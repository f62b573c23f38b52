package io.vaultstream.sample;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Generates a realistic, repeatable stream of Debezium change events (JSON, without schemas) for
 * the shop model: customers, products, orders with lines, payments and statuses; inserts, updates
 * and deletes whose before image carries only the primary key, as PostgreSQL sends it.
 */
public final class ShopEventGenerator {
  private static final JsonNodeFactory F = JsonNodeFactory.withExactBigDecimals(true);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String[] CITIES = {
    "Hamburg", "Amsterdam", "Lyon", "Porto", "Gdańsk", "Malmö", "Zürich"
  };
  private static final String[] STATUSES = {"NEW", "PAID", "SHIPPED", "CANCELLED"};

  /** One Kafka record: topic, key and value as JsonConverter would write them. */
  public record Record(String topic, byte[] key, byte[] value) {}

  private final String prefix;
  private final Random random;
  private boolean schemas;
  private long micros = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli() * 1000;
  private long lsn = 10_000;
  private final Map<Long, String> customers = new TreeMap<>();
  private final List<Long> products = new ArrayList<>();
  private final Map<Long, Integer> orders = new TreeMap<>();
  private long nextCustomer = 1;
  private long nextProduct = 1;
  private long nextOrder = 1;
  private long nextPayment = 1;

  /**
   * @param topicPrefix the topics are {@code <prefix>.customers} and so on
   */
  public ShopEventGenerator(String topicPrefix, long seed) {
    this.prefix = topicPrefix;
    this.random = new Random(seed);
  }

  /**
   * Writes values and keys as JsonConverter does with {@code schemas.enable=true}: a {@code schema}
   * and a {@code payload}, decimals as Connect Decimal bytes, timestamps as Debezium
   * ZonedTimestamp.
   */
  public ShopEventGenerator withSchemas() {
    this.schemas = true;
    return this;
  }

  /** The next {@code count} records; a transaction (an order with its lines) is never split. */
  public List<Record> next(int count) {
    List<Record> out = new ArrayList<>(count + 4);
    if (lsn == 10_000) {
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

  private void newCustomer(List<Record> out) {
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

  private void newProduct(List<Record> out) {
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

  private void newOrder(List<Record> out, int maxLines) {
    long id = nextOrder++;
    long customer = pick(customers.keySet());
    int lines = Math.min(maxLines, 1 + random.nextInt(3));
    orders.put(id, lines);
    // One transaction: the lines come first in the batch, their order right after, same time.
    List<Record> tx = new ArrayList<>();
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

  private void payment(List<Record> out) {
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

  private void updateCustomer(List<Record> out) {
    long id = pick(customers.keySet());
    out.add(
        event(
            "customers",
            "u",
            key("id", id),
            customerRow(
                id, customers.get(id), "c" + id + "+" + random.nextInt(1000) + "@example.com")));
  }

  private void updateOrder(List<Record> out) {
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

  private void updateProduct(List<Record> out) {
    long id = products.get(random.nextInt(products.size()));
    out.add(event("products", "u", key("id", id), productRow(id)));
  }

  private void deleteOrderLine(List<Record> out) {
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

  private static ObjectNode row(Object... kv) {
    ObjectNode n = F.objectNode();
    for (int i = 0; i < kv.length; i += 2) {
      Object v = kv[i + 1];
      String k = (String) kv[i];
      if (v == null) {
        n.putNull(k);
      } else if (v instanceof Long l) {
        n.put(k, l);
      } else if (v instanceof Integer x) {
        n.put(k, x);
      } else if (v instanceof BigDecimal d) {
        n.put(k, d);
      } else {
        n.put(k, v.toString());
      }
    }
    return n;
  }

  private static ObjectNode key(Object... kv) {
    return row(kv);
  }

  private Record event(String table, String op, ObjectNode key, ObjectNode image) {
    ObjectNode v = F.objectNode();
    v.set("before", op.equals("d") ? image : F.nullNode());
    v.set("after", op.equals("d") ? F.nullNode() : image);
    ObjectNode source = v.putObject("source");
    source.put("connector", "postgresql");
    source.put("db", "shop");
    source.put("schema", "public");
    source.put("table", table);
    source.put("ts_us", micros);
    source.put("lsn", lsn++);
    v.put("op", op);
    v.put("ts_ms", micros / 1000);
    try {
      if (schemas) {
        return new Record(
            prefix + "." + table,
            JSON.writeValueAsBytes(enveloped(key, table + ".Key")),
            JSON.writeValueAsBytes(withSchema(v, image, table)));
      }
      return new Record(
          prefix + "." + table, JSON.writeValueAsBytes(key), JSON.writeValueAsBytes(v));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static ObjectNode enveloped(ObjectNode row, String name) {
    ObjectNode out = F.objectNode();
    out.set("schema", rowSchema(row, name, false));
    out.set("payload", bytesForDecimals(row));
    return out;
  }

  private static ObjectNode withSchema(ObjectNode value, ObjectNode image, String table) {
    ObjectNode schema = F.objectNode();
    schema.put("type", "struct");
    schema.put("optional", false);
    schema.put("name", "shop.public." + table + ".Envelope");
    ArrayNode fields = schema.putArray("fields");
    ObjectNode before = rowSchema(image, "shop.public." + table + ".Value", true);
    before.put("field", "before");
    fields.add(before);
    ObjectNode after = before.deepCopy();
    after.put("field", "after");
    fields.add(after);
    ObjectNode source = F.objectNode();
    source.put("type", "struct");
    source.put("optional", false);
    source.put("field", "source");
    ArrayNode sf = source.putArray("fields");
    for (String f : new String[] {"connector", "db", "schema", "table"}) {
      sf.addObject().put("type", "string").put("optional", false).put("field", f);
    }
    sf.addObject().put("type", "int64").put("optional", true).put("field", "ts_us");
    sf.addObject().put("type", "int64").put("optional", true).put("field", "lsn");
    fields.add(source);
    fields.addObject().put("type", "string").put("optional", false).put("field", "op");
    fields.addObject().put("type", "int64").put("optional", true).put("field", "ts_ms");
    ObjectNode payload = value.deepCopy();
    for (String f : new String[] {"before", "after"}) {
      if (payload.get(f).isObject()) {
        payload.set(f, bytesForDecimals((ObjectNode) payload.get(f)));
      }
    }
    ObjectNode out = F.objectNode();
    out.set("schema", schema);
    out.set("payload", payload);
    return out;
  }

  private static ObjectNode rowSchema(ObjectNode row, String name, boolean optional) {
    ObjectNode schema = F.objectNode();
    schema.put("type", "struct");
    schema.put("optional", optional);
    schema.put("name", name);
    ArrayNode fields = schema.putArray("fields");
    row.fields()
        .forEachRemaining(
            e -> {
              ObjectNode f = fields.addObject();
              JsonNode v = e.getValue();
              if (v.isBigDecimal()) {
                f.put("type", "bytes").put("name", "org.apache.kafka.connect.data.Decimal");
                f.putObject("parameters").put("scale", Integer.toString(v.decimalValue().scale()));
              } else if (v.isLong()) {
                f.put("type", "int64");
              } else if (v.isInt()) {
                f.put("type", "int32");
              } else if (e.getKey().endsWith("_at")) {
                f.put("type", "string").put("name", "io.debezium.time.ZonedTimestamp");
              } else {
                f.put("type", "string");
              }
              f.put("optional", !e.getKey().equals("id"));
              f.put("field", e.getKey());
            });
    return schema;
  }

  private static ObjectNode bytesForDecimals(ObjectNode row) {
    ObjectNode out = row.deepCopy();
    row.fields()
        .forEachRemaining(
            e -> {
              if (e.getValue().isBigDecimal()) {
                byte[] unscaled = e.getValue().decimalValue().unscaledValue().toByteArray();
                out.put(e.getKey(), java.util.Base64.getEncoder().encodeToString(unscaled));
              }
            });
    return out;
  }
}
