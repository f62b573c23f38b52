package io.vaultstream.fuzz;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Random JSON record values of the shop's topics in every shape the decoder detects: Debezium
 * envelopes, flattened records ({@code __op}, {@code __deleted}), plain rows and Kafka's
 * JsonConverter envelope with a schema; every part may be of any JSON type or hostile.
 */
final class JsonRecords {
  private static final List<String> OPS =
      List.of("\"c\"", "\"u\"", "\"d\"", "\"r\"", "\"t\"", "\"m\"");
  private static final List<String> ODD_OPS =
      List.of(
          "\"x\"",
          "\"\"",
          "\"C\"",
          "\" c\"",
          "1",
          "true",
          "null",
          "{}",
          "[\"c\"]",
          "\"c\\u0000\"",
          "\"\\u0000\"",
          "\"\\u001b[2J\"",
          "\"\\uD800\"",
          "\"c\\r\\n\"",
          "1e131000");
  private static final List<String> CONNECT_TYPES =
      List.of(
          "int8", "int16", "int32", "int64", "float32", "float64", "boolean", "string", "bytes");

  private final Hostile h;

  JsonRecords(Hostile h) {
    this.h = h;
  }

  /** The primary key columns of a shop topic's source (none for a topic outside the model). */
  static List<String> keyColumns(String topic) {
    return switch (topic) {
      case "shop.public.products" -> List.of("id", "sku");
      case "shop.public.customers" -> List.of("id", "customer_no");
      case "shop.public.order_status" -> List.of("code");
      default -> List.of("id");
    };
  }

  /** A random record value for the topic. */
  String any(String topic) {
    Map<String, String> row = row(topic);
    return switch (h.between(0, 5)) {
      case 0, 1 -> envelope(row);
      case 2 -> flattened(row);
      case 3 -> object(row);
      default -> withSchema(row, h.chance(0.5));
    };
  }

  /** Field name to raw JSON: the key columns (mostly sensible values) and a few hostile fields. */
  Map<String, String> row(String topic) {
    Map<String, String> row = new LinkedHashMap<>();
    for (String k : keyColumns(topic)) {
      if (h.chance(0.9)) {
        row.put(k, keyValue());
      }
    }
    for (int i = h.between(0, 6); i > 0; i--) {
      row.put(h.name(), h.json(2));
    }
    return row;
  }

  private String keyValue() {
    return switch (h.between(0, 9)) {
      case 0 -> h.json(1);
      case 1 -> JsonText.string("k".repeat(h.between(1985, 2010)));
      case 2 -> JsonText.string("é".repeat(h.between(990, 1002)));
      case 3 -> JsonText.string("\u0001".repeat(h.between(320, 340)));
      case 4 -> JsonText.string(h.text());
      default -> Integer.toString(h.between(1, 300));
    };
  }

  static String object(Map<String, String> fields) {
    JsonText o = new JsonText();
    fields.forEach(o::raw);
    return o.toString();
  }

  String envelope(Map<String, String> row) {
    String op = h.chance(0.8) ? h.pick(OPS) : h.pick(ODD_OPS);
    JsonText o = new JsonText().raw("op", op);
    String image = h.chance(0.1) ? h.json(1) : object(row);
    if (op.equals("\"d\"") || h.chance(0.2)) {
      o.raw("before", image);
    }
    if (!op.equals("\"d\"") || h.chance(0.2)) {
      o.raw("after", h.chance(0.05) ? "null" : image);
    }
    if (h.chance(0.8)) {
      o.raw("source", source("ts_ms", "ts_us", "lsn"));
    }
    if (h.chance(0.2)) {
      o.raw("ts_ms", timeValue());
    }
    return o.toString();
  }

  String flattened(Map<String, String> row) {
    Map<String, String> f = new LinkedHashMap<>(row);
    if (h.chance(0.8)) {
      f.put("__op", h.chance(0.8) ? h.pick(OPS) : h.pick(ODD_OPS));
    }
    if (h.chance(0.4)) {
      f.put("__deleted", h.chance(0.5) ? "\"true\"" : h.json(0));
    }
    if (h.chance(0.6)) {
      f.put(h.pick(List.of("__source_ts_ms", "__source_ts_us", "__ts_ms")), timeValue());
    }
    if (h.chance(0.3)) {
      f.put(h.pick(List.of("__source_lsn", "__lsn")), h.number());
    }
    return object(f);
  }

  private String source(String... names) {
    if (h.chance(0.05)) {
      return h.json(1);
    }
    JsonText s = new JsonText();
    for (String n : names) {
      if (h.chance(0.5)) {
        s.raw(n, n.equals("lsn") ? h.number() : timeValue());
      }
    }
    return s.toString();
  }

  /**
   * An event time: mostly a sensible one (half of those one of three, so that events of one time,
   * with and without log positions, meet in a batch), else any number or any JSON value.
   */
  private String timeValue() {
    return switch (h.between(0, 4)) {
      case 0 -> Long.toString(1_700_000_000_000L + h.between(0, 2));
      case 1 -> Long.toString(1_700_000_000_000L + h.between(0, 1_000_000));
      case 2 -> h.number();
      default -> h.json(1);
    };
  }

  /** JsonConverter's envelope: a schema (often not matching the payload) and the payload. */
  String withSchema(Map<String, String> row, boolean debezium) {
    StringBuilder fields = new StringBuilder();
    for (String name : row.keySet()) {
      if (fields.length() > 0) {
        fields.append(',');
      }
      fields.append(fieldSchema(name));
    }
    String rowSchema = "{\"type\":\"struct\",\"fields\":[" + fields + "]";
    if (!debezium) {
      return "{\"schema\":" + rowSchema + "},\"payload\":" + object(row) + "}";
    }
    String schema =
        "{\"type\":\"struct\",\"fields\":[{\"field\":\"op\",\"type\":\"string\"},"
            + "{\"field\":\"after\",\"optional\":true,\"type\":\"struct\",\"fields\":["
            + fields
            + "]},{\"field\":\"source\",\"type\":\"struct\",\"fields\":[{\"field\":\"ts_ms\","
            + "\"type\":\"int64\"}]}]}";
    String payload =
        new JsonText()
            .raw("op", h.chance(0.9) ? h.pick(OPS) : h.pick(ODD_OPS))
            .raw("after", object(row))
            .raw("source", source("ts_ms"))
            .toString();
    return "{\"schema\":" + schema + ",\"payload\":" + payload + "}";
  }

  private String fieldSchema(String name) {
    JsonText f = new JsonText().text("field", name);
    switch (h.between(0, 7)) {
      case 0 ->
          f.text("type", "bytes")
              .text("name", "org.apache.kafka.connect.data.Decimal")
              .raw(
                  "parameters",
                  new JsonText().raw("scale", JsonText.string(h.number())).toString());
      case 1 -> f.text("type", "int64").text("name", "org.apache.kafka.connect.data.Timestamp");
      case 2 -> f.text("type", "int32").text("name", "io.debezium.time.Date");
      case 3 -> f.text("type", "string").text("name", "io.debezium.time.ZonedTimestamp");
      case 4 -> f.text("type", "int64").text("name", "io.debezium.time.MicroTimestamp");
      case 5 -> f.raw("type", h.json(1));
      default -> f.text("type", h.pick(CONNECT_TYPES));
    }
    if (h.chance(0.5)) {
      f.raw("optional", "true");
    }
    return f.toString();
  }

  /** Many fields: {@code n} new column names (the same names in every such record of a run). */
  static String wide(long id, int n) {
    JsonText after = new JsonText().raw("id", Long.toString(id)).text("sku", "WIDE-" + id);
    for (int i = 0; i < n; i++) {
      after.raw("w" + i, Integer.toString(i));
    }
    return new JsonText().raw("op", "\"c\"").raw("after", after.toString()).toString();
  }

  /** A Debezium create of a product with the given raw JSON fields after its id and sku. */
  static String product(long id, String sku, Map<String, String> more) {
    Map<String, String> after = new LinkedHashMap<>();
    after.put("id", Long.toString(id));
    after.put("sku", JsonText.string(sku));
    after.putAll(more);
    return new JsonText()
        .raw("op", "\"c\"")
        .raw("after", object(after))
        .raw("source", "{\"ts_ms\":" + (1_700_000_000_000L + id % 1_000_000) + "}")
        .toString();
  }
}
