package io.vaultstream.samples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;

/**
 * Renders {@link ChildrenFirstShop}'s events as Kafka records: a short Debezium envelope (before,
 * after, a source block with the time and a log position, op, ts_ms), as plain JSON or, with
 * schemas, as the JsonConverter writes it ({@code schema} and {@code payload}, decimals as Connect
 * Decimal bytes, timestamps as Debezium ZonedTimestamp).
 */
final class ShopEventRenderer {
  private static final JsonNodeFactory F = JsonNodeFactory.withExactBigDecimals(true);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long FIRST_LSN = 10_000;

  private final String prefix;
  private boolean schemas;
  private long lsn = FIRST_LSN;

  ShopEventRenderer(String topicPrefix) {
    this.prefix = topicPrefix;
  }

  /** Renders with schemas from now on. */
  void withSchemas() {
    this.schemas = true;
  }

  /** A row image from column names and values, in order (Long, Integer, BigDecimal, text). */
  static ObjectNode row(Object... kv) {
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

  /** Whether no event was rendered yet. */
  boolean first() {
    return lsn == FIRST_LSN;
  }

  /** One event of {@code table} at {@code micros}, with the next log position. */
  ChangeRecord event(String table, String op, ObjectNode key, ObjectNode image, long micros) {
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
        return new ChangeRecord(
            table,
            op,
            prefix + "." + table,
            JSON.writeValueAsBytes(enveloped(key, table + ".Key")),
            JSON.writeValueAsBytes(withSchema(v, image, table)));
      }
      return new ChangeRecord(
          table, op, prefix + "." + table, JSON.writeValueAsBytes(key), JSON.writeValueAsBytes(v));
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
