package io.vaultstream.testing;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.VaultModel;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds Debezium-shaped change events for a model's sources and runs them through the real
 * decoder, with increasing offsets and log positions as a source would produce.
 */
public final class EventFactory {
  private final VaultModel model;
  private final ChangeEventDecoder decoder;
  private final Map<String, Long> offsets = new HashMap<>();
  private long lsn = 1000;

  public EventFactory(VaultModel model) {
    this.model = model;
    this.decoder = new ChangeEventDecoder(model, DecoderOptions.defaults());
  }

  /** Microseconds of 2026-01-01T00:00:00Z plus {@code seconds}. */
  public static long at(long seconds) {
    return 1_767_225_600_000_000L + seconds * 1_000_000L;
  }

  /** A row image from alternating column names and values. */
  public static Map<String, Object> row(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  /** An event: op is c, u, d or r; for d the row is the before image. */
  public ChangeEvent event(String table, String op, long micros, Map<String, Object> row) {
    return event(table, op, micros, row, null);
  }

  /** An event of a source transaction ({@code source.txId}). */
  public ChangeEvent event(
      String table, String op, long micros, Map<String, Object> row, Long txId) {
    Map<String, Object> source = new LinkedHashMap<>();
    source.put("ts_us", micros);
    source.put("lsn", lsn++);
    if (txId != null) {
      source.put("txId", txId);
    }
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("before", op.equals("d") ? row : null);
    v.put("after", op.equals("d") ? null : row);
    v.put("source", source);
    v.put("op", op);
    String topic = model.sources().get(table).topic();
    long offset = offsets.merge(topic, 1L, Long::sum) - 1;
    return decoder.decodeMap(topic, 0, offset, micros / 1000, v, null, null).orElseThrow();
  }

  /** A row of the shop model's customers (name "n", no e-mail, city or update time). */
  public ChangeEvent customer(String op, long micros, long id, String customerNo) {
    return customer(op, micros, id, customerNo, "n");
  }

  /** A row of the shop model's customers with this name (no e-mail, city or update time). */
  public ChangeEvent customer(String op, long micros, long id, String customerNo, String name) {
    return event("customers", op, micros, customerRow(id, customerNo, name));
  }

  /** The values of such a row. */
  public static Map<String, Object> customerRow(long id, String customerNo, String name) {
    return row(
        "id",
        id,
        "customer_no",
        customerNo,
        "name",
        name,
        "email",
        null,
        "city",
        null,
        "updated_at",
        null);
  }

  /** A new order of the shop model (status NEW) referring to a customer by its id. */
  public ChangeEvent order(long micros, long id, String orderNo, Long customerId) {
    return event(
        "orders",
        "c",
        micros,
        row("id", id, "order_no", orderNo, "customer_id", customerId, "status", "NEW"));
  }
}
