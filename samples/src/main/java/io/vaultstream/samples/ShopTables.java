package io.vaultstream.samples;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The six shop tables as Debezium's PostgreSQL connector describes them to Kafka's JsonConverter:
 * columns, the key and envelope schemas (cached as JSON text) and the placeholders a delete's
 * {@code before} image carries (replica identity DEFAULT: only the key is real).
 */
public final class ShopTables {
  /** The server name, database schema and thus the topic prefix, {@code shop.public.}. */
  public static final String TOPIC_PREFIX = "shop.public.";

  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A column's Connect type, as the JsonConverter names it, and its logical type. */
  public enum Type {
    INT64("int64", null),
    INT32("int32", null),
    STRING("string", null),
    /** numeric(12,2) with {@code decimal.handling.mode=precise}: base64 two's complement bytes. */
    DECIMAL("bytes", "org.apache.kafka.connect.data.Decimal"),
    /** timestamptz: ISO-8601 text in UTC. */
    ZONED_TIMESTAMP("string", "io.debezium.time.ZonedTimestamp");

    final String connectType;
    final String logicalName;

    Type(String connectType, String logicalName) {
      this.connectType = connectType;
      this.logicalName = logicalName;
    }
  }

  /** One column; {@code defaultValue} is the column's schema default (null: none). */
  public record Column(String name, Type type, boolean optional, String defaultValue) {}

  /** One table; its first {@code keyColumns} columns are the primary key. */
  public record Table(String name, List<Column> columns, int keyColumns) {
    /** The topic Debezium writes the table's events to. */
    public String topic() {
      return TOPIC_PREFIX + name;
    }
  }

  private static Column req(String name, Type type) {
    return new Column(name, type, false, null);
  }

  private static Column opt(String name, Type type) {
    return new Column(name, type, true, null);
  }

  /** The tables, in the order a reader would list them. */
  public static final List<Table> TABLES =
      List.of(
          new Table(
              "customers",
              List.of(
                  req("id", Type.INT64),
                  req("customer_no", Type.STRING),
                  req("name", Type.STRING),
                  opt("email", Type.STRING),
                  opt("city", Type.STRING),
                  new Column(
                      "updated_at", Type.ZONED_TIMESTAMP, false, "1970-01-01T00:00:00.000000Z")),
              1),
          new Table(
              "products",
              List.of(
                  req("id", Type.INT64),
                  req("sku", Type.STRING),
                  req("name", Type.STRING),
                  req("price", Type.DECIMAL)),
              1),
          new Table(
              "order_status",
              List.of(req("code", Type.STRING), opt("description", Type.STRING)),
              1),
          new Table(
              "orders",
              List.of(
                  req("id", Type.INT64),
                  req("order_no", Type.STRING),
                  req("customer_id", Type.INT64),
                  req("ordered_at", Type.ZONED_TIMESTAMP),
                  req("status", Type.STRING)),
              1),
          new Table(
              "order_lines",
              List.of(
                  req("order_id", Type.INT64),
                  req("line_no", Type.INT32),
                  req("product_id", Type.INT64),
                  req("qty", Type.INT32),
                  req("amount", Type.DECIMAL)),
              2),
          new Table(
              "payments",
              List.of(
                  req("id", Type.INT64),
                  req("order_id", Type.INT64),
                  req("paid_at", Type.ZONED_TIMESTAMP),
                  req("amount", Type.DECIMAL),
                  req("method", Type.STRING)),
              1));

  private static final Map<String, Table> BY_NAME = new LinkedHashMap<>();
  private static final Map<String, String> KEY_SCHEMAS = new LinkedHashMap<>();
  private static final Map<String, String> VALUE_SCHEMAS = new LinkedHashMap<>();

  static {
    for (Table t : TABLES) {
      BY_NAME.put(t.name(), t);
      KEY_SCHEMAS.put(t.name(), text(struct(t.columns().subList(0, t.keyColumns()), t, "Key")));
      VALUE_SCHEMAS.put(t.name(), text(envelope(t)));
    }
  }

  private ShopTables() {}

  /** The table called {@code name}. */
  public static Table table(String name) {
    Table t = BY_NAME.get(name);
    if (t == null) {
      throw new IllegalArgumentException("no shop table '" + name + "', only " + BY_NAME.keySet());
    }
    return t;
  }

  /** The key schema as JSON text. */
  static String keySchema(String table) {
    return KEY_SCHEMAS.get(table);
  }

  /** The value (envelope) schema as JSON text. */
  static String valueSchema(String table) {
    return VALUE_SCHEMAS.get(table);
  }

  /**
   * What Debezium puts in a delete's {@code before} for a non-key column: null when optional, else
   * the schema default or the type's zero value ({@code ""}, 0, {@code AA==}, the epoch).
   */
  static Object placeholder(Column c) {
    if (c.optional()) {
      return null;
    }
    if (c.defaultValue() != null) {
      return c.defaultValue();
    }
    return switch (c.type()) {
      case INT64 -> 0L;
      case INT32 -> 0;
      case STRING -> "";
      case DECIMAL -> "AA==";
      case ZONED_TIMESTAMP -> "1970-01-01T00:00:00Z";
    };
  }

  private static ObjectNode field(Column c) {
    ObjectNode f = F.objectNode();
    f.put("type", c.type().connectType);
    f.put("optional", c.optional());
    if (c.type().logicalName != null) {
      f.put("name", c.type().logicalName);
      f.put("version", 1);
    }
    if (c.type() == Type.DECIMAL) {
      f.putObject("parameters").put("scale", "2").put("connect.decimal.precision", "12");
    }
    if (c.defaultValue() != null) {
      f.put("default", c.defaultValue());
    }
    f.put("field", c.name());
    return f;
  }

  private static ObjectNode struct(List<Column> columns, Table t, String suffix) {
    ObjectNode s = F.objectNode();
    s.put("type", "struct");
    ArrayNode fields = s.putArray("fields");
    columns.forEach(c -> fields.add(field(c)));
    s.put("optional", false);
    s.put("name", t.topic() + "." + suffix);
    return s;
  }

  private static ObjectNode envelope(Table t) {
    ObjectNode s = F.objectNode();
    s.put("type", "struct");
    ArrayNode fields = s.putArray("fields");
    for (String image : List.of("before", "after")) {
      ObjectNode row = struct(t.columns(), t, "Value");
      row.put("optional", true);
      row.put("field", image);
      fields.add(row);
    }
    fields.add(source());
    fields.add(transaction());
    fields.add(F.objectNode().put("type", "string").put("optional", false).put("field", "op"));
    for (String ts : List.of("ts_ms", "ts_us", "ts_ns")) {
      fields.add(F.objectNode().put("type", "int64").put("optional", true).put("field", ts));
    }
    s.put("optional", false);
    s.put("name", t.topic() + ".Envelope");
    s.put("version", 2);
    return s;
  }

  private static ObjectNode simple(String type, boolean optional, String name) {
    return F.objectNode().put("type", type).put("optional", optional).put("field", name);
  }

  private static ObjectNode source() {
    ObjectNode s = F.objectNode();
    s.put("type", "struct");
    ArrayNode f = s.putArray("fields");
    f.add(simple("string", false, "version"));
    f.add(simple("string", false, "connector"));
    f.add(simple("string", false, "name"));
    f.add(simple("int64", false, "ts_ms"));
    ObjectNode snapshot = F.objectNode().put("type", "string").put("optional", true);
    snapshot.put("name", "io.debezium.data.Enum").put("version", 1);
    snapshot
        .putObject("parameters")
        .put(
            "allowed",
            "true,first,first_in_data_collection,last_in_data_collection,last,false,incremental");
    snapshot.put("default", "false").put("field", "snapshot");
    f.add(snapshot);
    f.add(simple("string", false, "db"));
    f.add(simple("string", true, "sequence"));
    f.add(simple("int64", true, "ts_us"));
    f.add(simple("int64", true, "ts_ns"));
    f.add(simple("string", false, "schema"));
    f.add(simple("string", false, "table"));
    f.add(simple("int64", true, "txId"));
    f.add(simple("int64", true, "lsn"));
    f.add(simple("int64", true, "xmin"));
    f.add(simple("string", true, "origin"));
    f.add(simple("int64", true, "origin_lsn"));
    s.put("optional", false);
    s.put("name", "io.debezium.connector.postgresql.Source");
    s.put("version", 1);
    s.put("field", "source");
    return s;
  }

  private static ObjectNode transaction() {
    ObjectNode s = F.objectNode();
    s.put("type", "struct");
    ArrayNode f = s.putArray("fields");
    f.add(simple("string", false, "id"));
    f.add(simple("int64", false, "total_order"));
    f.add(simple("int64", false, "data_collection_order"));
    s.put("optional", true);
    s.put("name", "event.block");
    s.put("version", 1);
    s.put("field", "transaction");
    return s;
  }

  private static String text(ObjectNode n) {
    try {
      return JSON.writeValueAsString(n);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
