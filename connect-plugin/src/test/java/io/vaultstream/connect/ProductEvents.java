package io.vaultstream.connect;

/** Products change events with a schema, as the JsonConverter reads them, built field by field. */
final class ProductEvents {
  private ProductEvents() {}

  /** A products change event with a schema, with one more field of the given schema and value. */
  static String product(long id, String field, String fieldValue, long tsMs) {
    return "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"field\":\"op\",\"type\":\"string\"},"
        + "{\"field\":\"after\",\"type\":\"struct\",\"fields\":[{\"field\":\"id\",\"type\":\"int64\"},"
        + "{\"field\":\"sku\",\"type\":\"string\"},"
        + field
        + "]},{\"field\":\"source\",\"type\":\"struct\",\"fields\":[{\"field\":\"ts_ms\",\"type\":\"int64\"}]}]},"
        + "\"payload\":{\"op\":\"c\",\"after\":{\"id\":"
        + id
        + ",\"sku\":\"X-"
        + id
        + "\","
        + fieldValue
        + "},\"source\":{\"ts_ms\":"
        + tsMs
        + "}}}";
  }

  static String field(String name, String type, String logical) {
    return "{\"field\":\""
        + name
        + "\",\"type\":\""
        + type
        + "\",\"optional\":true"
        + (logical == null ? "" : ",\"name\":\"" + logical + "\"")
        + "}";
  }

  /** A products insert whose business key (sku) is NULL: it decodes, and planning refuses it. */
  static String productWithoutSku(long id, long tsMs) {
    return "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"field\":\"op\",\"type\":\"string\"},"
        + "{\"field\":\"after\",\"type\":\"struct\",\"fields\":[{\"field\":\"id\",\"type\":\"int64\"},"
        + "{\"field\":\"sku\",\"type\":\"string\",\"optional\":true}]},"
        + "{\"field\":\"source\",\"type\":\"struct\",\"fields\":[{\"field\":\"ts_ms\",\"type\":\"int64\"}]}]},"
        + "\"payload\":{\"op\":\"c\",\"after\":{\"id\":"
        + id
        + ",\"sku\":null},\"source\":{\"ts_ms\":"
        + tsMs
        + "}}}";
  }
}
