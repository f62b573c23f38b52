package io.vaultstream.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One record of each kind of input that is known to have broken a guarantee (or sits right at a
 * limit), put into every run at a seeded position so that the short profile proves each of them,
 * whatever the random part finds.
 */
final class KnownInputs {
  private KnownInputs() {}

  private static RecordMix.Source json(String kind, String topic, String value) {
    return new RecordMix.Source(
        "known:" + kind, topic, value.getBytes(StandardCharsets.UTF_8), null, null);
  }

  private static RecordMix.Source product(String kind, long id, Map<String, String> more) {
    return json(kind, "shop.public.products", JsonRecords.product(id, "KN-" + id, more));
  }

  static List<RecordMix.Source> all(AvroRecords avro, boolean maps) {
    String p = "shop.public.products";
    List<RecordMix.Source> out = new ArrayList<>();
    // A NUL in the operation or a column name is quoted into the message.
    out.add(json("nul-in-op", p, "{\"op\":\"\\u0000\",\"after\":{\"id\":1,\"sku\":\"x\"}}"));
    out.add(json("nul-in-flattened-op", p, "{\"id\":1,\"sku\":\"x\",\"__op\":\"c\\u0000\"}"));
    out.add(
        json(
            "nul-in-column-name-missing-key",
            "shop.public.customers",
            "{\"op\":\"c\",\"after\":{\"a\\u0000b\":1}}"));
    out.add(json("esc-in-op", p, "{\"op\":\"\\u001b[2J\\u001b[31m\",\"after\":{\"id\":1}}"));
    out.add(json("lone-surrogate-in-op", p, "{\"op\":\"\\uD800\",\"after\":{\"id\":1}}"));
    out.add(product("nul-in-column-name", 9_000_001, Map.of("a\u0000b", "1")));
    out.add(product("esc-in-column-name", 9_000_002, Map.of("esc\u001b[0m", "1")));
    out.add(product("lone-surrogate-in-column-name", 9_000_003, Map.of("\uD800x", "1")));
    out.add(product("crlf-in-column-name", 9_000_004, Map.of("col\r\n", "1")));
    out.add(product("non-bmp-column-name", 9_000_005, Map.of("\uD83D\uDE00col", "1")));
    out.add(product("trailing-space-column-name", 9_000_006, Map.of("price ", "1")));
    out.add(product("empty-column-name", 9_000_007, Map.of("", "1")));
    Map<String, String> twins = new LinkedHashMap<>();
    twins.put("Kn_twin", "1");
    twins.put("kn_twin", "2");
    out.add(product("case-twins-in-one-record", 9_000_008, twins));
    out.add(product("case-twin-of-existing-column", 9_000_009, Map.of("NAME", "\"n\"")));
    out.add(product("technical-column-other-case", 9_000_010, Map.of("LOAD_DTS", "1")));
    out.add(product("name-63-bytes", 9_000_011, Map.of("x".repeat(63), "1")));
    out.add(product("name-64-bytes", 9_000_012, Map.of("x".repeat(64), "1")));
    out.add(product("name-2000-bytes", 9_000_013, Map.of("y".repeat(2000), "1")));
    out.add(product("number-1e131000", 9_000_014, Map.of("big_number", "1e131000")));
    out.add(product("number-1e-16000", 9_000_015, Map.of("tiny_number", "1e-16000")));
    out.add(product("number-1e131073", 9_000_016, Map.of("big_number2", "1e131073")));
    out.add(product("number-minus-zero", 9_000_017, Map.of("zero", "-0.0")));
    out.add(product("deep-json-5000", 9_000_018, Map.of("deep", Hostile.nested(5000, false))));
    out.add(json("wide-1700-fields", p, JsonRecords.wide(9_000_019, 1700)));
    out.add(
        json(
            "key-2001-bytes",
            p,
            "{\"op\":\"c\",\"after\":{\"id\":\"" + "k".repeat(1997) + "\",\"sku\":\"s\"}}"));
    out.add(
        json(
            "key-2000-bytes",
            p,
            "{\"op\":\"c\",\"after\":{\"id\":\"" + "k".repeat(1996) + "\",\"sku\":\"s2\"}}"));
    out.add(
        json(
            "op-number-1e131000",
            p,
            "{\"op\":1e131000,\"after\":{\"id\":1,\"sku\":\"x\"},\"source\":{\"ts_ms\":1e131000}}"));
    out.add(
        json(
            "schema-envelope-decimal-scale-huge",
            p,
            "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"field\":\"id\",\"type\":\"int64\"},"
                + "{\"field\":\"sku\",\"type\":\"string\"},{\"field\":\"d\",\"type\":\"bytes\","
                + "\"name\":\"org.apache.kafka.connect.data.Decimal\",\"parameters\":{\"scale\":"
                + "\"2147483647\"}}]},\"payload\":{\"id\":9000020,\"sku\":\"KN-9000020\",\"d\":\"AQ==\"}}"));
    if (avro != null) {
      out.add(avro("avro-deep-recursion-50000", avro.deepRecursion(50_000)));
      out.add(avro("avro-deep-schema-2000", avro.deepSchema(2000)));
      out.add(
          avro(
              "avro-array-count-2^30",
              avro.declaredHuge("{\"type\":\"array\",\"items\":\"long\"}", (1L << 30) - 1)));
      out.add(
          avro(
              "avro-map-count-2^30",
              avro.declaredHuge("{\"type\":\"map\",\"values\":\"long\"}", (1L << 30) - 1)));
      out.add(avro("avro-string-length-2^30", avro.declaredHuge("\"string\"", (1L << 30) - 1)));
      out.add(avro("avro-bytes-length-2^30", avro.declaredHuge("\"bytes\"", (1L << 30) - 1)));
      out.add(
          avro(
              "avro-array-count-negative",
              avro.declaredHuge("{\"type\":\"array\",\"items\":\"long\"}", Long.MIN_VALUE)));
    }
    if (maps) {
      out.add(
          new RecordMix.Source(
              "known:map-deep-20000", p, null, MapRecords.deep(9_000_030, 20_000, false), null));
      out.add(
          new RecordMix.Source(
              "known:list-deep-20000", p, null, MapRecords.deep(9_000_031, 20_000, true), null));
      out.add(
          new RecordMix.Source(
              "known:map-deep-500", p, null, MapRecords.deep(9_000_032, 500, false), null));
    }
    return out;
  }

  private static RecordMix.Source avro(String kind, byte[] b) {
    return new RecordMix.Source("known:" + kind, "shop.public.products", b, null, null);
  }
}
