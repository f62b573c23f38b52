package io.vaultstream.fuzz;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A seeded stream of records over the shop's topics: valid shop records, products whose hostile
 * name and price must arrive exactly, random JSON of every shape, Avro with generated schemas,
 * normalised maps, garbage, and once per run each input known to have broken a guarantee ({@link
 * KnownInputs}). The same seed gives the same records.
 */
public final class RecordMix {
  /** Topic partitions the records are spread over; the last topic is not in the model. */
  static final List<String> SLOTS =
      List.of(
          "shop.public.products/0",
          "shop.public.products/1",
          "shop.public.customers/0",
          "shop.public.order_status/0",
          "shop.public.unknown/0");

  private final Hostile h;
  private final JsonRecords json;
  private final MapRecords maps;
  private final AvroRecords avro;
  private final Map<String, Long> offsets = new LinkedHashMap<>();
  private long seq;

  private RecordMix(long seed, FuzzRegistry registry) {
    h = new Hostile(new SplittableRandom(seed));
    json = new JsonRecords(h);
    maps = new MapRecords(h);
    avro = registry == null ? null : new AvroRecords(h, registry, 24);
  }

  /**
   * The seed of a fuzz run: {@code -Dfuzz.seed=N}, {@code -Dfuzz.seed=random} (drawn), or {@code
   * fixed}, so that the build's verdict does not depend on a draw.
   */
  public static long seed(long fixed) {
    String s = System.getProperty("fuzz.seed");
    if (s == null || s.isBlank()) {
      return fixed;
    }
    return s.trim().equals("random") ? System.nanoTime() : Long.parseLong(s.trim());
  }

  /**
   * {@code count} generated records and the known inputs, in Kafka order per partition.
   *
   * @param registry where Avro schemas go; null for no Avro records (a pure test)
   * @param maps whether some records are normalised maps (decoded with {@code decodeMap})
   */
  public static List<FuzzRecord> generate(
      long seed, int count, FuzzRegistry registry, boolean maps) {
    RecordMix m = new RecordMix(seed, registry);
    List<Source> sources = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      sources.add(m.next(maps));
    }
    List<Source> known = KnownInputs.all(m.avro, maps);
    for (Source k : known) {
      sources.add(m.h.between(0, sources.size()), k);
    }
    // A valid product first (see FuzzLoad): the product columns' types come from a real row.
    sources.add(0, m.firstProduct());
    List<FuzzRecord> out = new ArrayList<>(sources.size());
    for (Source s : sources) {
      out.add(m.place(s));
    }
    return out;
  }

  /** A record before it has a position: its topic (a slot when null) and content. */
  record Source(
      String kind, String topic, byte[] value, Map<String, Object> map, FuzzRecord.Probe probe) {}

  private FuzzRecord place(Source s) {
    String topic = s.topic;
    int partition = 0;
    if (topic == null || topic.equals("shop.public.products")) {
      String slot = topic == null ? h.pick(SLOTS) : SLOTS.get(h.between(0, 1));
      topic = slot.substring(0, slot.indexOf('/'));
      partition = Integer.parseInt(slot.substring(slot.indexOf('/') + 1));
    }
    String key = topic + "/" + partition;
    long offset = offsets.merge(key, 1L, Long::sum) - 1;
    byte[] keyBytes = ("{\"o\":" + offset + "}").getBytes(StandardCharsets.UTF_8);
    return new FuzzRecord(
        s.kind,
        topic,
        partition,
        offset,
        1_700_000_000_000L + offset,
        keyBytes,
        s.value,
        s.map,
        s.probe);
  }

  private Source next(boolean withMaps) {
    long n = seq++;
    int k = h.between(0, 99);
    if (k < 30) {
      return valid(n);
    }
    if (k < 42) {
      return probe(n);
    }
    if (k < 70) {
      String slot = h.pick(SLOTS);
      String topic = slot.substring(0, slot.indexOf('/'));
      return bytes("json", topic, json.any(topic));
    }
    if (k < 80 && avro != null) {
      byte[] b = avro.envelope();
      return new Source("avro", avro.topicOf(b), b, null, null);
    }
    if (k < 87 && withMaps) {
      String slot = h.pick(SLOTS);
      String topic = slot.substring(0, slot.indexOf('/'));
      return new Source("map", topic, null, maps.any(topic), null);
    }
    if (k < 93) {
      return garbage(n);
    }
    return odd(n);
  }

  private static Source bytes(String kind, String topic, String value) {
    return new Source(kind, topic, value.getBytes(StandardCharsets.UTF_8), null, null);
  }

  /** A record the shop's source database could have sent. */
  private Source valid(long n) {
    long id = 1_000_000 + n;
    return switch (h.between(0, 3)) {
      case 0, 1 ->
          bytes(
              "valid",
              "shop.public.products",
              JsonRecords.product(
                  id, "FZ-" + id, Map.of("name", "\"P" + id + "\"", "price", "29.70")));
      case 2 ->
          bytes(
              "valid",
              "shop.public.customers",
              "{\"op\":\"c\",\"after\":{\"id\":"
                  + id
                  + ",\"customer_no\":\"C"
                  + id
                  + "\",\"name\":\"N\",\"email\":\"n@example.com\",\"city\":\"Bern\","
                  + "\"updated_at\":\"2026-01-01T02:00:00Z\"},\"source\":{\"ts_ms\":1700000000000}}");
      default ->
          bytes(
              "valid",
              "shop.public.order_status",
              "{\"op\":\"r\",\"after\":{\"code\":\"S" + id + "\",\"description\":\"d\"}}");
    };
  }

  private Source firstProduct() {
    return bytes(
        "valid",
        "shop.public.products",
        JsonRecords.product(999_999, "FZ-FIRST", Map.of("name", "\"P\"", "price", "29.70")));
  }

  /** A product with a hostile name and price, a key of its own: stored exactly or an error row. */
  private Source probe(long n) {
    long id = 2_000_000 + n;
    String sku = "PR-" + id;
    String name = h.text();
    String price = h.number();
    Map<String, String> more = new LinkedHashMap<>();
    more.put("name", JsonText.string(name));
    more.put("price", price);
    return new Source(
        "probe",
        "shop.public.products",
        JsonRecords.product(id, sku, more).getBytes(StandardCharsets.UTF_8),
        null,
        new FuzzRecord.Probe(sku, name, new BigDecimal(price)));
  }

  private Source garbage(long n) {
    String valid = JsonRecords.product(3_000_000 + n, "G-" + n, Map.of());
    byte[] b =
        switch (h.between(0, 6)) {
          case 0 -> {
            byte[] r = new byte[h.between(1, 64)];
            for (int i = 0; i < r.length; i++) {
              r[i] = (byte) h.between(-128, 127);
            }
            yield r;
          }
          case 1 ->
              valid.substring(0, h.between(1, valid.length() - 1)).getBytes(StandardCharsets.UTF_8);
          case 2 ->
              h.pick(List.of("null", "[]", "123", "\"s\"", "{}", "true", " ", "{\"op\":\"c\"}"))
                  .getBytes(StandardCharsets.UTF_8);
          case 3 -> null; // a tombstone
          case 4 -> new byte[] {0, 0, 0, 0, 1};
          case 5 -> AvroRecords.concat(AvroRecords.header(999_999), new byte[] {2});
          default -> valid.replace("\"c\"", "\"c\u0000\"").getBytes(StandardCharsets.UTF_8);
        };
    return new Source("garbage", null, b, null, null);
  }

  /** Odd structures: deep nesting, wide records, keys near the size limit, case twins. */
  private Source odd(long n) {
    long id = 4_000_000 + n;
    String p = "shop.public.products";
    return switch (h.between(0, 5)) {
      case 0 ->
          bytes(
              "deep-json",
              p,
              JsonRecords.product(
                  id,
                  "D-" + id,
                  Map.of(
                      "deep",
                      Hostile.nested(h.pick(List.of(50, 999, 1001, 5000)), h.chance(0.5)))));
      case 1 -> bytes("wide", p, JsonRecords.wide(id, h.pick(List.of(20, 100, 300))));
      case 2 -> {
        Map<String, String> twins = new LinkedHashMap<>();
        twins.put(h.pick(List.of("Name", "NAME", "Price", "LOAD_DTS", "Sku")), "1");
        twins.put(h.pick(List.of("tw_a", "TW_A", "Tw_a")), "2");
        yield bytes("case-twins", p, JsonRecords.product(id, "T-" + id, twins));
      }
      case 3 ->
          bytes(
              "long-key", p, JsonRecords.product(id, "K".repeat(h.between(1985, 2010)), Map.of()));
      case 4 ->
          bytes(
              "long-value",
              p,
              JsonRecords.product(
                  id, "V-" + id, Map.of("name", JsonText.string(h.text().repeat(200)))));
      default ->
          bytes(
              "many-arrays",
              p,
              JsonRecords.product(
                  id, "A-" + id, Map.of("tags", "[" + "1,".repeat(h.between(1000, 20000)) + "1]")));
    };
  }
}
