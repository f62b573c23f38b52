package io.vaultstream.samples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The generated records have the shape of real Debezium events (the expectations below were copied
 * from events Debezium 3.6 wrote for the same tables through the JsonConverter with schemas).
 */
class DebeziumStreamTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<ChangeRecord> RECORDS = ShopEventGenerator.debezium(42).next(60_000);

  private static final List<String> ENVELOPE =
      List.of("before", "after", "source", "transaction", "op", "ts_ms", "ts_us", "ts_ns");
  private static final String SOURCE =
      "version:string!,connector:string!,name:string!,ts_ms:int64!,"
          + "snapshot:string?io.debezium.data.Enum,db:string!,sequence:string?,ts_us:int64?,"
          + "ts_ns:int64?,schema:string!,table:string!,txId:int64?,lsn:int64?,xmin:int64?,"
          + "origin:string?,origin_lsn:int64?";
  private static final String DEC = "bytes!org.apache.kafka.connect.data.Decimal";
  private static final String ZONED = "string!io.debezium.time.ZonedTimestamp";

  /** Column descriptors: name:type, ! required or ? optional, then the logical type's name. */
  private static final Map<String, String> ROWS =
      Map.of(
          "customers",
          "id:int64!,customer_no:string!,name:string!,email:string?,city:string?,updated_at:"
              + ZONED,
          "products",
          "id:int64!,sku:string!,name:string!,price:" + DEC,
          "orders",
          "id:int64!,order_no:string!,customer_id:int64!,ordered_at:" + ZONED + ",status:string!",
          "order_lines",
          "order_id:int64!,line_no:int32!,product_id:int64!,qty:int32!,amount:" + DEC,
          "payments",
          "id:int64!,order_id:int64!,paid_at:" + ZONED + ",amount:" + DEC + ",method:string!",
          "order_status",
          "code:string!,description:string?");

  private static final Map<String, String> KEYS =
      Map.of(
          "customers",
          "id:int64!",
          "products",
          "id:int64!",
          "orders",
          "id:int64!",
          "order_lines",
          "order_id:int64!,line_no:int32!",
          "payments",
          "id:int64!",
          "order_status",
          "code:string!");

  /** The before image of a delete, as Debezium writes it (key real, the rest placeholders). */
  private static final Map<String, String> DELETED =
      Map.of(
          "customers",
          "{\"customer_no\":\"\",\"name\":\"\",\"email\":null,\"city\":null,"
              + "\"updated_at\":\"1970-01-01T00:00:00.000000Z\"}",
          "orders",
          "{\"order_no\":\"\",\"customer_id\":0,\"ordered_at\":\"1970-01-01T00:00:00Z\","
              + "\"status\":\"\"}",
          "order_lines",
          "{\"product_id\":0,\"qty\":0,\"amount\":\"AA==\"}");

  private static String describe(JsonNode fields) {
    List<String> out = new ArrayList<>();
    for (JsonNode f : fields) {
      out.add(
          f.get("field").asText()
              + ":"
              + f.get("type").asText()
              + (f.get("optional").asBoolean() ? "?" : "!")
              + (f.has("name") ? f.get("name").asText() : ""));
    }
    return String.join(",", out);
  }

  private static JsonNode parse(byte[] b) throws Exception {
    return JSON.readTree(b);
  }

  private static List<String> names(JsonNode object) {
    List<String> out = new ArrayList<>();
    object.fieldNames().forEachRemaining(out::add);
    return out;
  }

  @Test
  void everyKindHasTheSamplesFieldsAndTypes() throws Exception {
    Map<String, ChangeRecord> firstOfKind = new LinkedHashMap<>();
    for (ChangeRecord r : RECORDS) {
      firstOfKind.putIfAbsent(r.table() + "." + (r.tombstone() ? "tombstone" : r.op()), r);
    }
    assertEquals(
        List.of(
            "customers.c",
            "customers.d",
            "customers.tombstone",
            "customers.u",
            "order_lines.c",
            "order_lines.d",
            "order_lines.tombstone",
            "order_lines.u",
            "order_status.c",
            "order_status.u",
            "orders.c",
            "orders.d",
            "orders.tombstone",
            "orders.u",
            "payments.c",
            "products.c",
            "products.u"),
        firstOfKind.keySet().stream().sorted().toList());
    for (ChangeRecord r : firstOfKind.values()) {
      String table = r.table();
      JsonNode key = parse(r.key());
      assertEquals(List.of("schema", "payload"), names(key));
      assertEquals("shop.public." + table + ".Key", key.get("schema").get("name").asText());
      assertEquals(KEYS.get(table), describe(key.get("schema").get("fields")), table);
      assertEquals("shop.public." + table, r.topic());
      if (r.tombstone()) {
        assertNull(r.value());
        continue;
      }
      JsonNode value = parse(r.value());
      JsonNode schema = value.get("schema");
      assertEquals("shop.public." + table + ".Envelope", schema.get("name").asText());
      assertEquals(2, schema.get("version").asInt());
      List<String> fields = new ArrayList<>();
      schema.get("fields").forEach(f -> fields.add(f.get("field").asText()));
      assertEquals(ENVELOPE, fields);
      for (int i = 0; i < 2; i++) {
        JsonNode image = schema.get("fields").get(i);
        assertEquals("shop.public." + table + ".Value", image.get("name").asText());
        assertEquals(ROWS.get(table), describe(image.get("fields")), table);
      }
      assertEquals(SOURCE, describe(schema.get("fields").get(2).get("fields")));
      assertEquals("event.block", schema.get("fields").get(3).get("name").asText());
      JsonNode payload = value.get("payload");
      assertEquals(ENVELOPE, names(payload));
      assertEquals(r.op(), payload.get("op").asText());
      assertTrue(payload.get("transaction").isNull());
      assertEquals(
          List.of(SOURCE.replaceAll(":[^,]*", "").split(",")), names(payload.get("source")));
      assertEquals(table, payload.get("source").get("table").asText());
      JsonNode row = payload.get(r.op().equals("d") ? "before" : "after");
      assertTrue(payload.get(r.op().equals("d") ? "after" : "before").isNull());
      assertEquals(List.of(ROWS.get(table).replaceAll(":[^,]*", "").split(",")), names(row), table);
      if (r.op().equals("d")) {
        JsonNode rest = row.deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) rest)
            .remove(List.of(KEYS.get(table).replaceAll(":[^,]*", "").split(",")));
        assertEquals(DELETED.get(table), JSON.writeValueAsString(rest), table);
      }
    }
  }

  @Test
  void decimalsAndTimesAreWrittenAsDebeziumDoes() throws Exception {
    JsonNode product = null;
    for (ChangeRecord r : RECORDS) {
      if (r.table().equals("products") && product == null) {
        product = parse(r.value());
      }
    }
    JsonNode price = product.get("schema").get("fields").get(1).get("fields").get(3);
    assertEquals(
        "{\"scale\":\"2\",\"connect.decimal.precision\":\"12\"}",
        JSON.writeValueAsString(price.get("parameters")));
    byte[] unscaled =
        Base64.getDecoder().decode(product.get("payload").get("after").get("price").asText());
    assertTrue(new java.math.BigInteger(unscaled).signum() > 0);
    JsonNode customer =
        parse(
            RECORDS.stream()
                .filter(r -> r.table().equals("customers"))
                .findFirst()
                .orElseThrow()
                .value());
    String updated = customer.get("payload").get("after").get("updated_at").asText();
    assertTrue(updated.matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6}Z"), updated);
  }

  @Test
  void aFifthAreNewOrdersAndDeletesAreFollowedByTombstones() throws Exception {
    Map<String, Integer> count = new HashMap<>();
    long lastTs = 0;
    for (int i = 0; i < RECORDS.size(); i++) {
      ChangeRecord r = RECORDS.get(i);
      count.merge(r.table() + "." + (r.tombstone() ? "t" : r.op()), 1, Integer::sum);
      if (r.tombstone()) {
        continue;
      }
      if ("d".equals(r.op()) && i + 1 < RECORDS.size()) {
        assertTrue(RECORDS.get(i + 1).tombstone());
        assertArrayEquals(r.key(), RECORDS.get(i + 1).key());
      }
      long ts = parse(r.value()).get("payload").get("source").get("ts_us").asLong();
      assertTrue(ts >= lastTs, "source times increase");
      lastTs = ts;
    }
    double orders = count.get("orders.c") / (double) RECORDS.size();
    assertTrue(orders > 0.15 && orders < 0.25, "new orders " + orders + " of " + count);
    assertTrue(count.get("orders.d") > 10 && count.get("order_lines.d") > 50, count.toString());
  }

  @Test
  void anOrderAndItsLinesShareTheirTransaction() throws Exception {
    JsonNode order = null;
    for (ChangeRecord r : RECORDS) {
      if (r.table().equals("orders") && "c".equals(r.op())) {
        order = parse(r.value()).get("payload").get("source");
      } else if (order != null && r.table().equals("order_lines") && "c".equals(r.op())) {
        JsonNode line = parse(r.value()).get("payload").get("source");
        assertEquals(order.get("txId"), line.get("txId"));
        assertEquals(order.get("ts_us"), line.get("ts_us"));
        assertTrue(line.get("lsn").asLong() > order.get("lsn").asLong());
        return;
      }
    }
    throw new AssertionError("no order with lines");
  }

  @Test
  void theSameSeedGivesTheSameStreamInAnyChunks() {
    ShopEventGenerator chunks = ShopEventGenerator.debezium(42);
    List<ChangeRecord> again = new ArrayList<>();
    while (again.size() < 5_000) {
      again.addAll(chunks.next(7));
    }
    for (int i = 0; i < again.size(); i++) {
      assertArrayEquals(RECORDS.get(i).key(), again.get(i).key());
      assertArrayEquals(RECORDS.get(i).value(), again.get(i).value());
    }
  }
}
