package io.vaultstream.fuzz;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * One generated Kafka record: bytes as a topic would hold them ({@code value}), or a value already
 * normalised to a map as the Connect adapter hands it to the decoder ({@code map}).
 *
 * @param kind which generator made it (findings are grouped by it)
 * @param probe for a record whose values must arrive exactly: what it sent, or null
 */
public record FuzzRecord(
    String kind,
    String topic,
    int partition,
    long offset,
    long kafkaTimestampMs,
    byte[] key,
    byte[] value,
    Map<String, Object> map,
    Probe probe) {

  /** A product whose name and price must be stored exactly, when it loads. */
  public record Probe(String sku, String name, BigDecimal price) {}

  /** Where the record is, as error rows and positions name it. */
  public String where() {
    return topic + "/" + partition + "@" + offset;
  }

  /** Bytes of the value (a map counts by its rendering's length, for choosing the smallest). */
  public long size() {
    return value != null ? value.length : map == null ? 0 : Render.preview(map, 4096).length();
  }

  /** The record as a reader can reproduce it: kind, position and the start of the value. */
  public String describe() {
    String v;
    if (map != null) {
      v = "map " + Render.preview(map, 400);
    } else if (value == null) {
      v = "null value";
    } else if (value.length > 0 && value[0] == 0) {
      v = "Avro wire bytes " + Render.hex(value, 160);
    } else {
      v = Render.escape(new String(value, StandardCharsets.UTF_8), 400);
    }
    return kind + " " + where() + " (" + size() + " bytes): " + v;
  }
}
