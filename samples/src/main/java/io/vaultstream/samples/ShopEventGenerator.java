package io.vaultstream.samples;

import java.util.List;

/**
 * The one generator of a six-table shop's change events (customers, products, orders with lines,
 * payments, order statuses), as {@link ChangeRecord}s: deterministic for a seed, whatever the
 * chunks asked for. It writes one of two streams, chosen when it is made:
 *
 * <ul>
 *   <li>{@link #ShopEventGenerator(String, long)}, the input of the tests, the demo, the quickstart
 *       and the embedded benchmark: any topic prefix, plain JSON or, after {@link #withSchemas()},
 *       the JsonConverter's schema and payload; a short envelope (before, after, a source block
 *       with the time and a log position, op, ts_ms); a new order's lines before the order itself,
 *       so loads exercise waiting rows; orders that change customer, so effectivity satellites end;
 *       deletes of order lines, never a tombstone; an order and its lines never split between two
 *       calls of {@link #next}.
 *   <li>{@link #debezium(long)}, the input of the Connect benchmark on generated events and the
 *       Spark benchmark: exactly what Debezium's PostgreSQL connector and Kafka's JsonConverter
 *       with schemas write to the topics {@code shop.public.<table>} ({@link ShopTables}); parents
 *       before children; about a fifth new orders; deletes of customers, orders and lines, each
 *       followed by its tombstone; a transaction's events share its time and transaction id.
 * </ul>
 *
 * <p>The two are separate streams, not one with different renderings: tests assert on the first
 * one's content and the published benchmark figures were measured on the second one's, so each
 * keeps its exact records for a given seed.
 */
public final class ShopEventGenerator {
  private final ShopStream stream;

  private ShopEventGenerator(ShopStream stream) {
    this.stream = stream;
  }

  /**
   * The tests' stream, as plain JSON until {@link #withSchemas()}.
   *
   * @param topicPrefix the topics are {@code <prefix>.customers} and so on
   */
  public ShopEventGenerator(String topicPrefix, long seed) {
    this(new ChildrenFirstShop(topicPrefix, seed));
  }

  /** The benchmarks' stream: Debezium's exact records, with schemas and tombstones. */
  public static ShopEventGenerator debezium(long seed) {
    return new ShopEventGenerator(new DebeziumShop(seed));
  }

  /**
   * Writes values and keys as JsonConverter does with {@code schemas.enable=true}: a {@code schema}
   * and a {@code payload}, decimals as Connect Decimal bytes, timestamps as Debezium
   * ZonedTimestamp. The Debezium stream always has schemas.
   */
  public ShopEventGenerator withSchemas() {
    if (stream instanceof ChildrenFirstShop shop) {
      shop.withSchemas();
    }
    return this;
  }

  /**
   * The next {@code count} records. In the tests' stream none is a tombstone; in the Debezium
   * stream tombstones count as records and a transaction may end in the next call's records.
   */
  public List<ChangeRecord> next(int count) {
    return stream.next(count);
  }
}
